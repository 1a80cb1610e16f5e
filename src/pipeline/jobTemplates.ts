import type { Job } from '../config/Job.js';
import { InputError } from '../errors/LedgerscanError.js';
import { loadBuiltinTemplate, loadTemplateFile } from '../templates/templateCatalog.js';
import type { Template } from '../templates/Template.js';

/** The job's built-in and user templates rendered over ledger entries, validated before any network or store work starts. */
export function jobTemplates(job: Job): Template[] {
  return allTemplates(job).filter((template) => template.form === null);
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
