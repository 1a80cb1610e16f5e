import { listTemplates } from '../../templates/templateCatalog.js';
import type { CliIo } from '../CliIo.js';

export function templatesCommand(io: CliIo): number {
  io.stdout.write('name\tconfidence\ttitle\tdocs\n');
  for (const template of listTemplates()) {
    io.stdout.write(`${template.name}\t${template.confidence}\t${template.title}\t${template.docs}\n`);
  }
  return 0;
}
