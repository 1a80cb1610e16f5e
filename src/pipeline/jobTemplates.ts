import type { Job } from '../config/Job.js';
import { InputError } from '../errors/LedgerscanError.js';
import { loadBuiltinTemplate, loadTemplateFile } from '../templates/templateCatalog.js';
import type { Template } from '../templates/Template.js';

/**
 * The job's built-in and user templates, validated before any network or store work starts: a journal of lots and
 * realised gains (`quickbooks-journal`, `xero-journal`) is refused without cost basis, which chooses its lots.
 */
export function jobTemplates(job: Job): Template[] {
  const templates = [...job.templates.map(loadBuiltinTemplate), ...job.templateFiles.map(loadTemplateFile)];
  const lots = templates.filter((template) => template.layout === 'lots').map((template) => template.name);
  if (lots.length > 0 && job.costBasis === undefined) {
    throw new InputError(`template ${lots.join(', ')} needs cost basis`, {
      details: { fix: 'add "costBasis" to the job file or pass --cost-basis fifo (and keep values on)' },
    });
  }
  return templates;
}

/**
 * The journals with lots a run writes (the gainsJournals output, after the replay, not the templates' pass): with cost
 * basis, the lots layout's, and beside beancount's and hledger's holdings journal a `.gains` one.
 */
export function lotJournals(job: Job, templates: readonly Template[]): Template[] {
  if (job.costBasis === undefined) return [];
  return templates.filter((template) => template.layout === 'lots' || template.renderer === 'beancount' || template.renderer === 'hledger');
}
