import { Type, type Static } from 'typebox';
import type { GainRow } from '../costbasis/BasisReport.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import { Decimal } from '../ledger/money.js';
import { DateFormatter } from '../templates/DateFormatter.js';
import { lotAccounts, TEXT_LOT_ACCOUNTS } from '../templates/lotAccountRoles.js';
import type { Template } from '../templates/Template.js';
import { gatheredLegs, valuedLeg, type GatheredLegs } from './basisLegs.js';
import { gainsEntries } from './gainsEntries.js';
import type { GainsJournal, LeftOut } from './GainsJournal.js';
import { gainsJournalRecords, QUICKBOOKS_JOURNAL_HEADER, XERO_JOURNAL_HEADER } from './gainsJournalCsv.js';
import { gainsJournalText } from './gainsJournalText.js';
import { gainsOutput } from './gainsOutput.js';
import { moneyText } from './moneyText.js';
import type { Output, OutputFiles, OutputJob } from './Output.js';

/** Xero imports at most 300 lines a file: the journal goes on in `-2`, `-3`, … files, never splitting an entry. */
const XERO_LINES = 300;

const JournalResult = Type.Object({
  template: Type.String(),
  files: Type.Array(Type.String()),
  /** Journal entries written (the text journals' carried lots entry included). */
  entries: Type.Integer(),
  /** The gains account's total as written, rounded to the currency's minor unit (a gain positive). */
  gain: Type.String(),
  /** How far rounding each entry to the minor unit took the gain lines from the exact gain (the CSV journals; 0 for text). */
  residue: Type.String(),
  /** Lots the text journals carry in at cost on the period's first day. */
  carried: Type.Integer(),
});

const GainsJournalsResult = Type.Object({
  journals: Type.Array(JournalResult),
  /**
   * Disposals posted, and disposals, acquisitions, removals and moves left out for an unknown proceeds or cost (commented
   * in the text journals).
   */
  disposals: Type.Integer(),
  leftOut: Type.Object({ disposals: Type.Integer(), acquisitions: Type.Integer(), removals: Type.Integer(), moves: Type.Integer() }),
});

/**
 * The journals that carry lots and realised gains (needs values and lots): the job's `quickbooks-journal` and
 * `xero-journal` templates, and beside its `beancount`/`hledger` journals a `.gains` twin. The lots a disposal takes
 * are known only once the replay ran, so they are written here, after the `gains` output, from its report
 * (`products.gains`) and the period's legs this output gathered in the export's one pass (the same as `gains`
 * gathers), never in the templates' streaming render.
 */
export const gainsJournalsOutput: Output<
  'gainsJournals',
  GatheredLegs,
  typeof GainsJournalsResult,
  { gains?: (row: GainRow) => void; rows: GainRow[] }
> = {
  name: 'gainsJournals',
  module: import.meta.url,
  needs: { values: true, lots: true },
  result: GainsJournalsResult,
  consumer(job) {
    // A run without such a journal keeps no legs for it; the journals are the period's alone.
    return (job.journals ?? []).length > 0
      ? gainsOutput.consumer(job, false)
      : { add: () => undefined, state: () => ({ history: null, period: [] }) };
  },
  merge: gainsOutput.merge,
  // A journal's entries are made from all the period's rows: they are held only for a job with such a journal.
  listen(job) {
    const rows: GainRow[] = [];
    return (job.journals ?? []).length === 0 ? { rows } : { gains: (row) => void rows.push(row), rows };
  },
  async finish(legs, { job, prices, products, files }, { rows }) {
    const settings = job.costBasis;
    if (products.gains === undefined || settings === undefined || prices === null)
      throw new LedgerscanError('journals with lots without the cost-basis report', { kind: 'internal' });
    if ((job.journals ?? []).length === 0)
      return { journals: [], disposals: 0, leftOut: { disposals: 0, acquisitions: 0, removals: 0, moves: 0 } };
    const journal = gainsEntries(
      { gains: rows, ...(products.gains.trail === undefined ? {} : { trail: products.gains.trail }) },
      Array.from(gatheredLegs(legs.period), (leg) => valuedLeg(leg, prices)),
      settings,
      { start: job.period.startTime, end: job.period.endTime },
    );
    const journals = [];
    for (const template of job.journals ?? []) journals.push(await writeJournal(template, journal, job, prices.currency, files));
    const count = (kind: LeftOut['kind']): number => journal.leftOut.filter((out) => out.kind === kind).length;
    const leftOut = { disposals: count('disposal'), acquisitions: count('acquisition'), removals: count('removal'), moves: count('move') };
    const uk = settings.method === 'uk' ? journal.owed : null;
    files.tieout(
      tieRows(journals, { gain: products.gains.totals.gain, disposals: journal.disposals, leftOut, uk, currency: prices.currency }),
    );
    return { journals, disposals: journal.disposals, leftOut };
  },
  manifest: ({ journals, leftOut }) =>
    journals.length === 0
      ? {}
      : {
          counts: Object.fromEntries([
            ...journals.map((one) => [`rows.${one.template}.gains`, one.entries] as const),
            ['gainsJournals.leftOut', leftOut.disposals + leftOut.acquisitions + leftOut.removals + leftOut.moves],
          ]),
        },
};

async function writeJournal(
  template: Template,
  journal: GainsJournal,
  job: OutputJob,
  currency: string,
  files: OutputFiles,
): Promise<Static<typeof JournalResult>> {
  const zone = template.date.zone === 'job' ? job.timezone : template.date.zone;
  const accounts = job.accounts ?? {};
  if (template.renderer === 'beancount' || template.renderer === 'hledger') {
    const names = lotAccounts(template.name, TEXT_LOT_ACCOUNTS[template.renderer], accounts);
    const dates = new DateFormatter('yyyy-MM-dd', zone);
    const text = gainsJournalText(journal, template.renderer, names, { currency, start: job.period.startTime, dates });
    const name = gainsFileName(template.fileName);
    await files.text(name, text.text);
    const entries = journal.entries.length + (text.carried > 0 ? 1 : 0);
    return {
      template: template.name,
      files: [name],
      entries,
      gain: moneyText(text.gain, currency),
      residue: moneyText(new Decimal(0), currency),
      carried: text.carried,
    };
  }
  if (template.renderer !== 'quickbooks-journal' && template.renderer !== 'xero-journal')
    throw new LedgerscanError(`template ${template.name} is not a journal with lots`, { kind: 'internal' });
  const names = lotAccounts(template.name, template.accounts, accounts);
  const dates = new DateFormatter(template.date.format, zone);
  const written = gainsJournalRecords(journal, template.renderer, names, { currency, dates });
  const xero = template.renderer === 'xero-journal';
  const header = xero ? XERO_JOURNAL_HEADER : QUICKBOOKS_JOURNAL_HEADER;
  const parts: string[] = [];
  let csv: ReturnType<OutputFiles['csv']> | null = null;
  let lines = 0;
  for (const entry of written.entries) {
    if (csv === null || (xero && lines + entry.length > XERO_LINES)) {
      const name = parts.length === 0 ? template.fileName : template.fileName.replace(/(\.csv)?$/, `-${parts.length + 1}$1`);
      csv = files.csv(name, header, { lineEnding: template.lineEnding });
      parts.push(name);
      lines = 0;
    }
    for (const record of entry) await csv.write(record);
    lines += entry.length;
  }
  if (csv === null) {
    files.csv(template.fileName, header, { lineEnding: template.lineEnding });
    parts.push(template.fileName);
  }
  return {
    template: template.name,
    files: parts,
    entries: written.entries.length,
    gain: moneyText(written.gain, currency),
    residue: moneyText(written.residue, currency),
    carried: 0,
  };
}

/**
 * The tie-out's lines for each journal, in the sheet's columns (`TIEOUT_HEADER`, money in the book's currency): the
 * realised gain `gains.csv` totals (`in`) against what the journal's gain lines hold (`out`, the rounding put on them
 * in `rounding_residual`), and the disposals, acquisitions, removals and moves it left out for an unknown proceeds or cost;
 * under `uk`, the disposals whose lots leave after the period's end (`owed` holds their cost at the end, and
 * `lots-open.csv` still their lots, as the replay's tie does).
 */
function tieRows(
  journals: readonly Static<typeof JournalResult>[],
  of: {
    gain: Decimal;
    disposals: number;
    leftOut: Static<typeof GainsJournalsResult>['leftOut'];
    uk: GainsJournal['owed'] | null;
    currency: string;
  },
): string[][] {
  const line = (template: string, reason: string, rows: number, sides: readonly string[] = ['', '', '', '']): string[] => [
    template,
    ...['', '', '', '', '', ''],
    'gains',
    reason,
    String(rows),
    ...sides,
  ];
  return journals.flatMap((journal) => [
    line(journal.template, `realised gain: gains.csv against the journal's gain lines (${of.currency})`, of.disposals, [
      moneyText(of.gain, of.currency),
      journal.gain,
      '',
      journal.residue,
    ]),
    line(journal.template, 'disposals left out: unknown proceeds or basis', of.leftOut.disposals),
    line(journal.template, 'acquisitions left out: unknown cost', of.leftOut.acquisitions),
    line(journal.template, 'removals and moves left out: unknown basis', of.leftOut.removals + of.leftOut.moves),
    ...(of.uk === null
      ? []
      : [
          line(
            journal.template,
            `uk sales whose matching ends after the period: owed at cost (${of.currency}); what they take of the lots held at the end is still in lots-open.csv`,
            of.uk.disposals,
            ['', moneyText(of.uk.cost, of.currency), '', ''],
          ),
        ]),
  ]);
}

/** `ledgerscan.beancount` → `ledgerscan.gains.beancount`: the journal with lots beside the holdings journal. */
export function gainsFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? `${fileName}.gains` : `${fileName.slice(0, dot)}.gains${fileName.slice(dot)}`;
}
