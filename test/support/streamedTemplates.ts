import { builtinTemplateNames, loadBuiltinTemplate } from '../../src/templates/templateCatalog.js';

/**
 * The built-in templates the export's pass renders: not the tax forms nor the journals with lots, which need cost basis
 * and are written from its replay.
 */
export function streamedTemplateNames(): string[] {
  return builtinTemplateNames({ forms: false }).filter((name) => loadBuiltinTemplate(name).layout !== 'lots');
}
