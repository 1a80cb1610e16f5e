import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { AmountFormatter } from './AmountFormatter.js';
import { AssetNamer } from './AssetNamer.js';
import type { CsvBatch, CsvTally } from './CsvBatch.js';
import { csvBatches } from './csvBatches.js';
import type { PeriodBounds } from './PeriodBounds.js';
import type { RowPrices } from '../prices/valueLeg.js';
import type { Template } from './Template.js';
import { amountColumns } from './amountColumns.js';
import { TieTally } from './TieTally.js';
import { RowValuer } from './RowValuer.js';
import { ValueTotals } from './ValueTotals.js';

/**
 * One CSV template rendered over one part of the ledger (some of its chains), batch by batch. A local part
 * computes each batch when asked; a part on another thread has them computed ahead and queued.
 */
export interface CsvPart {
  /** Computes batches on this thread: worth running ahead while a remote part's next batch is on its way. */
  readonly local: boolean;
  /** Whether `next()` would return without waiting for another thread. */
  readonly ready: boolean;
  /** The next batch, or `null` after the last. */
  next(): Promise<CsvBatch | null>;
  /** After `next()` returned `null`: what the part counted. */
  tally(): CsvTally;
  /** Stops the part early (a failed render); safe to call more than once. */
  cancel(): Promise<void>;
}

/**
 * Whether a template's output can be rendered in parts and merged back byte for byte: its rows must not
 * depend on rows of other chains. Placeholder names (`NFT1`, `NULL1`) are numbered in ledger order, and
 * the posting layout numbers transactions, and balances roll over every chain's history, so those templates
 * render in one pass.
 */
export function renderableInParts(template: Template): boolean {
  return (
    template.renderer === 'csv' &&
    template.layout !== 'posting' &&
    template.balances === 'none' &&
    template.nftNaming !== 'placeholder' &&
    template.unknownTokenNaming !== 'placeholder'
  );
}

/**
 * A part rendered on the calling thread (a worker's too). `names` is the caller's when a placeholder map
 * filled it; a template renderable in parts needs none.
 */
export function localCsvPart(
  template: Template,
  entries: Iterable<LedgerEntry>,
  names = new AssetNamer(template.nftNaming, template.unknownTokenNaming),
  period?: PeriodBounds,
  prices: RowPrices | null = null,
): CsvPart {
  const amounts = new AmountFormatter(template.amounts.maxDecimals, template.amounts.rounding);
  const counts = { rows: 0, omittedSpamRows: 0, duplicateRows: 0, dustRows: 0 };
  const tie = new TieTally(template, amountColumns(template));
  const valuer = prices === null ? null : new RowValuer(prices);
  const values = valuer === null ? null : new ValueTotals(valuer);
  const batches = csvBatches(template, entries, { amounts, names, valuer }, counts, tie, period, values);
  return {
    local: true,
    ready: true,
    next: () => {
      const next = batches.next();
      return Promise.resolve(next.done === true ? null : next.value);
    },
    tally: () => ({ ...counts, residuals: amounts.residualState(), tieout: tie.state(), values: values?.state() ?? null }),
    cancel: () => {
      batches.return(undefined);
      return Promise.resolve();
    },
  };
}
