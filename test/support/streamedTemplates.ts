import { builtinTemplateNames, loadBuiltinTemplate } from '../../src/templates/templateCatalog.js';

/** The built-in templates the export's pass renders: not the journals with lots, which need cost basis and its replay. */
export function streamedTemplateNames(): string[] {
  return builtinTemplateNames().filter((name) => loadBuiltinTemplate(name).layout !== 'lots');
}
