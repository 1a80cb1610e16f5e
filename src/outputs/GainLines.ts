import type { GainRow } from '../costbasis/BasisReport.js';
import { gainMoney } from '../costbasis/GainSink.js';
import { formatUnits } from '../ledger/money.js';
import { minorUnits } from '../prices/minorUnits.js';
import { moneyFixed } from '../costbasis/scaledMoney.js';
import { csvLine } from '../templates/csvLine.js';
import { isoTime } from './basisRecords.js';

/**
 * `gains.csv`'s lines (`gainRecord`'s cells as `csvLine` writes them), made with less work per row: the cells a
 * disposal's rows share (entry, transaction, chain, wallet, asset, sale time, kind, method, flags) are encoded once per
 * disposal, whose rows come together, and the row's own figures (quantity, times, money, term: digits, signs, points
 * and words only, which CSV never quotes and `neutraliseCell` leaves alone) are joined as they are. CSV quotes cell by
 * cell, so the line is the record's. Making 19 cells, neutralising and scanning each per row was most of what handing a
 * gain row to `gains.csv` cost.
 */
export class GainLines {
  private readonly places: number;
  private readonly currency: string;
  private last: GainRow | null = null;
  /** The last disposal's cells: `entry_id`; `tx_hash` … `asset_contract`; `sold_at`; `kind` … `currency`. */
  private entry = '';
  private holding = '';
  private soldAt = '';
  private closing = '';
  private flags: readonly string[] | null = null;
  private flagsCell = '';

  constructor(
    currency: string,
    private readonly eol: '\n' | '\r\n' = '\n',
  ) {
    this.places = minorUnits(currency);
    this.currency = this.cell(currency);
  }

  line(row: GainRow): string {
    if (!this.sameDisposal(row)) {
      this.entry = this.cell(row.entryId);
      this.holding = csvLine([row.txHash, String(row.chainId), row.wallet, row.asset, row.assetContract], this.eol);
      this.soldAt = isoTime(row.soldAt);
      this.closing = `${this.cell(row.kind)},${this.cell(row.method)},${this.currency}`;
      this.last = row;
    }
    if (row.flags !== this.flags) {
      this.flags = row.flags;
      this.flagsCell = this.cell(row.flags.join(';'));
    }
    const lot = row.lotId === null ? '' : this.cell(row.lotId);
    const { proceeds, sellingCosts, costBasis, gain } = gainMoney(row);
    const { places } = this;
    return (
      `${this.entry},${lot},${this.holding},${formatUnits(row.quantity, row.decimals)},${isoTime(row.acquiredAt)},${this.soldAt},` +
      `${proceeds === null ? '' : moneyFixed(proceeds, places)},${sellingCosts === null ? '' : moneyFixed(sellingCosts, places)},` +
      `${costBasis === null ? '' : moneyFixed(costBasis, places)},${gain === null ? '' : moneyFixed(gain, places)},` +
      `${row.term ?? ''},${this.closing},${this.flagsCell}`
    );
  }

  /** Whether `row` shares the last row's disposal cells (its rows come together; equal texts are mostly the same strings). */
  private sameDisposal(row: GainRow): boolean {
    const last = this.last;
    return (
      last !== null &&
      row.entryId === last.entryId &&
      row.soldAt === last.soldAt &&
      row.txHash === last.txHash &&
      row.chainId === last.chainId &&
      row.wallet === last.wallet &&
      row.asset === last.asset &&
      row.assetContract === last.assetContract &&
      row.kind === last.kind &&
      row.method === last.method
    );
  }

  private cell(text: string): string {
    return csvLine([text], this.eol);
  }
}
