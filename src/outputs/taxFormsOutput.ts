import { Type } from 'typebox';
import type { GainRow, IncomeRow } from '../costbasis/BasisReport.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import { DateFormatter } from '../templates/DateFormatter.js';
import type { FormLayout, TemplateColumn } from '../templates/Template.js';
import { anlageSoRows } from './anlageSoRows.js';
import type { FormContext, FormRow } from './FormContext.js';
import { gainsFormRows, scheduleDRows } from './gainsFormRows.js';
import type { Output, OutputFiles, OutputListeners } from './Output.js';
import { sa108Rows } from './sa108Rows.js';

/** The replay's rows a form is made from, as heard. */
interface FormRows extends OutputListeners {
  gainRows: GainRow[];
  incomeRows: IncomeRow[];
}

const TaxFormsResult = Type.Object({
  /** Each form the job chose: its template, the files written (its totals file second) and their rows. */
  forms: Type.Array(Type.Object({ template: Type.String(), files: Type.Array(Type.String()), rows: Type.Array(Type.Integer()) })),
});

/**
 * The job's tax forms (templates of a form layout: Form 8949 with its Schedule D totals, TurboTax's gains import,
 * SA108, Anlage SO), each rendered from the cost-basis replay the `gains` output shared — the same rows as
 * `gains.csv` — never over ledger entries. A form that would hold an unknown figure throws, and none of the outputs'
 * files is written.
 */
export const taxFormsOutput: Output<'taxForms', null, typeof TaxFormsResult, FormRows> = {
  name: 'taxForms',
  module: import.meta.url,
  needs: { values: true, lots: true, forms: true },
  result: TaxFormsResult,
  consumer: () => ({ add: () => undefined, state: () => null }),
  merge: () => null,
  // A form has a row per gain row or sums them by day: the rows are held while the forms are made, only for a job with forms.
  listen(job) {
    const heard: FormRows = { gainRows: [], incomeRows: [] };
    if ((job.forms ?? []).length > 0) {
      heard.gains = (row) => void heard.gainRows.push(row);
      heard.income = (row) => void heard.incomeRows.push(row);
    }
    return heard;
  },
  async finish(_state, { job, prices, products, files }, { gainRows: gains, incomeRows: income }) {
    const forms = job.forms ?? [];
    const report = products.gains;
    if (report === undefined || prices === null || job.costBasis === undefined)
      throw new LedgerscanError('tax forms without the cost-basis replay', { kind: 'internal' });
    const written = [];
    for (const template of forms) {
      const context: FormContext = {
        form: template.name,
        currency: prices.currency,
        timezone: job.timezone,
        dates: new DateFormatter(template.date.format, template.date.zone === 'job' ? job.timezone : template.date.zone),
        zeroBasis: job.costBasis.zeroBasisForMissing === true,
        period: { first: job.period.from, last: job.period.to },
      };
      const rows = formRows(template.layout as FormLayout, gains, income, context);
      const totals = template.form?.totals ?? null;
      const sets = [{ fileName: template.fileName, columns: template.columns, rows }];
      if (totals !== null) sets.push({ fileName: totals.fileName, columns: totals.columns, rows: scheduleDRows(rows, context.currency) });
      for (const set of sets) await writeForm(files, set.fileName, set.columns, set.rows);
      written.push({ template: template.name, files: sets.map((set) => set.fileName), rows: sets.map((set) => set.rows.length) });
    }
    return { forms: written };
  },
};

function formRows(layout: FormLayout, gains: readonly GainRow[], income: readonly IncomeRow[], context: FormContext): FormRow[] {
  if (layout === 'sa108') return sa108Rows(gains, context);
  if (layout === 'anlage-so') return anlageSoRows(gains, income, context);
  return gainsFormRows(gains, context);
}

async function writeForm(files: OutputFiles, name: string, columns: readonly TemplateColumn[], rows: readonly FormRow[]): Promise<void> {
  const csv = files.csv(
    name,
    columns.map((column) => column.header),
  );
  for (const row of rows) await csv.write(columns.map((column) => (column.field === null ? column.constant : (row[column.field] ?? ''))));
}
