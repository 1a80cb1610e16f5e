import type { Job } from '../config/Job.js';
import { InputError } from '../errors/LedgerscanError.js';
import { loadBuiltinTemplate, loadTemplateFile } from '../templates/templateCatalog.js';
import type { Template } from '../templates/Template.js';

/**
 * The job's built-in and user templates the templates' pass renders over ledger entries (neither forms nor journals
 * with lots, which are written from the cost-basis replay), validated before any network or store work starts.
 */
export function jobTemplates(job: Job): Template[] {
  return allTemplates(job).filter((template) => template.form === null && template.layout !== 'lots');
}

/**
 * The job's tax forms, rendered from the cost-basis replay by the `taxForms` output; each checked against the job
 * before any network or store work starts: cost basis on, and the method, profile and currency the form needs.
 */
export function jobForms(job: Job): Template[] {
  const forms = allTemplates(job).filter((template) => template.form !== null);
  for (const form of forms) checkNeeds(form, job);
  return forms;
}

/**
 * The journals with lots a run writes (the gainsJournals output, after the replay, not the templates' pass): with cost
 * basis, the lots layout's, and beside beancount's and hledger's holdings journal a `.gains` one. A journal of lots
 * (`quickbooks-journal`, `xero-journal`) is refused without cost basis, which chooses its lots.
 */
export function lotJournals(job: Job): Template[] {
  const templates = allTemplates(job);
  const lots = templates.filter((template) => template.layout === 'lots').map((template) => template.name);
  if (lots.length > 0 && job.costBasis === undefined) {
    throw new InputError(`template ${lots.join(', ')} needs cost basis`, {
      details: { fix: 'add "costBasis" to the job file or pass --cost-basis fifo (and keep values on)' },
    });
  }
  if (job.costBasis === undefined) return [];
  return templates.filter((template) => template.layout === 'lots' || template.renderer === 'beancount' || template.renderer === 'hledger');
}

function allTemplates(job: Job): Template[] {
  return [...job.templates.map(loadBuiltinTemplate), ...job.templateFiles.map(loadTemplateFile)];
}

function checkNeeds(form: Template, job: Job): void {
  const refuse = (needs: string, fix: string): never => {
    throw new InputError(`template ${form.name} needs ${needs}`, { details: { fix } });
  };
  const basis = job.costBasis;
  if (basis === undefined)
    return refuse('cost basis, which is off', 'pass --cost-basis METHOD (e.g. --cost-basis fifo) or give "costBasis" in the job file');
  const { methods, profiles, currency } = (form.form as NonNullable<Template['form']>).needs;
  const used = [basis.method, ...basis.changes.flatMap((change) => (change.method === undefined ? [] : [change.method]))];
  const other = used.find((method) => methods.length > 0 && !methods.includes(method));
  if (other !== undefined)
    refuse(
      `method ${methods.join(' or ')} throughout (the job uses ${other})`,
      `pass --cost-basis ${methods[0] as string} and no change of method`,
    );
  if (profiles.length > 0 && !profiles.includes(basis.profile))
    refuse(`the ${profiles.join(' or ')} profile (the job's is ${basis.profile})`, `pass --tax-profile ${profiles[0] as string}`);
  const valuedIn = job.valuation?.currency;
  if (currency !== null && valuedIn !== currency)
    refuse(`values in ${currency} (the job's are in ${valuedIn ?? 'no currency'})`, `pass --currency ${currency}`);
}
