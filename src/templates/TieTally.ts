import { childMap } from '../childMap.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { CarriedLegs } from './amountColumns.js';
import { holdingKey } from './Holdings.js';
import type { Template } from './Template.js';
import type { Leg, ViewRow } from './ViewRow.js';
import { unexpressedCategory } from './unexpressedCategory.js';

/**
 * What a tie-out line says about one holding: `ledger` (every entry of the period), `template` (what the
 * template's rows carry, base units before rounding), `explained` (left out or merged, with the reason) and
 * `stated` (balance rows, which state holdings instead of moving them, so they are outside the sum).
 */
export type TieLine = 'ledger' | 'template' | 'explained' | 'stated';

export const TIE_REASON = {
  spam: 'spam omitted',
  dust: 'dust below the template decimals (carried into a later row)',
  ignored: 'ignored by a user rule',
  netted: 'netted against the other side in its transaction',
  feeInside: 'fee carried inside the sent amount',
  opening: 'opening balance row',
  closing: 'closing balance row',
  beancountRange: "past beancount's numbers (28 significant digits, 10^9 units shown): in a comment instead",
} as const;

/** The asset a holding names on the sheet: as the ledger first saw it. */
export interface TieAsset {
  chainId: number;
  wallet: string;
  asset: string;
  assetContract: string;
  decimals: number | null;
}

export interface TieAmounts {
  line: TieLine;
  reason: string;
  holding: string;
  rows: number;
  in: bigint;
  out: bigint;
  fees: bigint;
}

/** Rows of a user's category the template has no word for, by category and what they were written as. */
export interface TieCategory {
  category: string;
  writtenAs: string;
  rows: number;
}

/** Plain data (Maps and bigints survive a structured clone), so a worker's tally crosses back with its batches. */
export interface TieState {
  assets: Map<string, TieAsset>;
  amounts: Map<string, TieAmounts>;
  categories: Map<string, TieCategory>;
}

type Side = 'in' | 'out' | 'fees';

/**
 * Per holding (chain, wallet, contract) totals in, out and fees of the ledger and of one template's rows, and
 * every amount the template left out or merged with its reason. Each leg is one map update keyed by its
 * holding, so it costs O(1) per row on the hot path.
 */
export class TieTally {
  private readonly assets = new Map<string, TieAsset>();
  private readonly amounts = new Map<string, TieAmounts>();
  private readonly categories = new Map<string, TieCategory>();
  /**
   * The entries of `amounts` by chain, wallet and contract, then by line and reason: a leg's lookup builds no key
   * string (building and hashing two per leg was ≈ 0.8 µs a row at 1M entries). `absorb` fills `amounts` alone; a
   * lookup that misses here finds those there.
   */
  private readonly found = new Map<number, Map<string, Map<string, HoldingLines>>>();
  /**
   * The holding found last: an entry-layout row's leg is the entry's own holding, which `entry` looked up just before,
   * so the row's tally walks no map (the walk was about half of the tally's 0.7 µs an entry).
   */
  private lastChainId = -1;
  private lastWallet = '';
  private lastContract = '';
  private lastLines: HoldingLines | null = null;
  private readonly template: Template;
  private readonly feeInside: boolean;
  private readonly carried: (row: ViewRow) => CarriedLegs;

  constructor(template: Template, carried: (row: ViewRow) => CarriedLegs) {
    this.template = template;
    this.feeInside = template.fee.placement === 'inside';
    this.carried = carried;
  }

  /** One ledger entry of the period, whether or not the template writes it. */
  entry(entry: LedgerEntry): void {
    this.add('ledger', '', sideOf(entry), entry.wallet, entry, entry.amountRaw, 1);
  }

  /** An entry the template leaves out whole (a rule ignored it). */
  leftOut(entry: LedgerEntry, reason: string): void {
    this.add('explained', reason, sideOf(entry), entry.wallet, entry, entry.amountRaw, 1);
  }

  /** An amount both sides lost to netting inside one transaction. */
  netted(leg: Leg, wallet: string, amount: bigint): void {
    this.add('explained', TIE_REASON.netted, 'in', wallet, leg, amount, 1);
    this.add('explained', TIE_REASON.netted, 'out', wallet, leg, amount, 0);
  }

  /**
   * One row: `exact` as the row was built, `written` as it was written after dust carrying (`null`: left out,
   * for `omitted` or as dust). A leg no amount column carries is tallied nowhere, so it shows as unexplained.
   */
  row(exact: ViewRow, written: ViewRow | null, omitted: string | null): void {
    if (exact.balance !== null) {
      // A balance row states a holding: left out, it is still stated, with why it is not in the file.
      const reason = omitted ?? (exact.balance.kind === 'opening' ? TIE_REASON.opening : TIE_REASON.closing);
      if (exact.sent !== null) this.add('stated', reason, 'out', exact.wallet, exact.sent, exact.sent.amountRaw, 1);
      if (exact.received !== null) this.add('stated', reason, 'in', exact.wallet, exact.received, exact.received.amountRaw, 1);
      return;
    }
    const merged = this.feeInside && exact.fee !== null && exact.sent !== null && exact.sent.kind !== 'fee';
    if (merged) {
      const fee = exact.fee as Leg;
      this.add('explained', TIE_REASON.feeInside, 'out', exact.wallet, fee, -fee.amountRaw, 1);
      this.add('explained', TIE_REASON.feeInside, 'fees', exact.wallet, fee, fee.amountRaw, 0);
    }
    if (omitted === null && written !== null) this.category(exact);
    const carries = written === null ? null : this.carried(written);
    // Unrolled per leg: this runs once per row of a million-row export.
    this.legOfRow(exact.sent, written?.sent ?? null, carries?.sent ?? false, 'out', omitted, exact.wallet);
    this.legOfRow(exact.received, written?.received ?? null, carries?.received ?? false, 'in', omitted, exact.wallet);
    if (!merged) this.legOfRow(exact.fee, written?.fee ?? null, carries?.fee ?? false, 'out', omitted, exact.wallet);
  }

  private legOfRow(leg: Leg | null, kept: Leg | null, carried: boolean, column: Side, omitted: string | null, wallet: string): void {
    if (leg === null) return;
    const side: Side = leg.kind === 'fee' ? 'fees' : column;
    if (omitted !== null) this.add('explained', omitted, side, wallet, leg, leg.amountRaw, 1);
    else if (kept === null) this.add('explained', TIE_REASON.dust, side, wallet, leg, leg.amountRaw, 1);
    else if (carried) this.add('template', '', side, wallet, leg, leg.amountRaw, 1);
  }

  private category(row: ViewRow): void {
    const writtenAs = unexpressedCategory(this.template, row);
    if (writtenAs === null) return;
    const key = `${row.category}\u0001${writtenAs}`;
    const known = this.categories.get(key);
    if (known === undefined) this.categories.set(key, { category: row.category, writtenAs, rows: 1 });
    else known.rows += 1;
  }

  /** What this tally holds, for `absorb` by the one that writes the sheet. */
  state(): TieState {
    return { assets: this.assets, amounts: this.amounts, categories: this.categories };
  }

  /** Adds another part's tally: sums are exact, so order does not matter. */
  absorb(state: TieState): void {
    for (const [key, asset] of state.assets) if (!this.assets.has(key)) this.assets.set(key, asset);
    for (const [key, category] of state.categories) {
      const mine = this.categories.get(key);
      if (mine === undefined) this.categories.set(key, { ...category });
      else mine.rows += category.rows;
    }
    for (const [key, amounts] of state.amounts) {
      const mine = this.amounts.get(key);
      if (mine === undefined) this.amounts.set(key, { ...amounts });
      else {
        mine.rows += amounts.rows;
        mine.in += amounts.in;
        mine.out += amounts.out;
        mine.fees += amounts.fees;
      }
    }
  }

  /** `rows`: 1 where the amount is a row's, 0 for the second side of the same row. */
  private add(
    line: TieLine,
    reason: string,
    side: Side,
    wallet: string,
    named: Omit<TieAsset, 'wallet'>,
    amount: bigint,
    rows: number,
  ): void {
    const lines = this.linesOf(named.chainId, wallet, named.assetContract);
    const reasons = line === 'ledger' ? lines.ledger : line === 'template' ? lines.template : childMap(lines.other, line);
    let amounts = reasons.get(reason);
    if (amounts === undefined) {
      amounts = this.amountsOf(line, reason, wallet, named);
      reasons.set(reason, amounts);
    }
    amounts.rows += rows;
    amounts[side] += amount;
  }

  private linesOf(chainId: number, wallet: string, contract: string): HoldingLines {
    if (this.lastLines !== null && this.lastContract === contract && this.lastWallet === wallet && this.lastChainId === chainId)
      return this.lastLines;
    const contracts = childMap(childMap(this.found, chainId), wallet);
    let lines = contracts.get(contract);
    if (lines === undefined) contracts.set(contract, (lines = { ledger: new Map(), template: new Map(), other: new Map() }));
    this.lastChainId = chainId;
    this.lastWallet = wallet;
    this.lastContract = contract;
    this.lastLines = lines;
    return lines;
  }

  private amountsOf(line: TieLine, reason: string, wallet: string, named: Omit<TieAsset, 'wallet'>): TieAmounts {
    const holding = holdingKey(named.chainId, wallet, named.assetContract);
    const key = `${line}\u0001${reason}\u0001${holding}`;
    let amounts = this.amounts.get(key);
    if (amounts === undefined) {
      amounts = { line, reason, holding, rows: 0, in: 0n, out: 0n, fees: 0n };
      this.amounts.set(key, amounts);
      if (!this.assets.has(holding)) {
        this.assets.set(holding, {
          chainId: named.chainId,
          wallet,
          asset: named.asset,
          assetContract: named.assetContract,
          decimals: named.decimals,
        });
      }
    }
    return amounts;
  }
}

/** One holding's amounts by reason, per line: the ledger's and the template's lines apart, the others by line. */
interface HoldingLines {
  ledger: Map<string, TieAmounts>;
  template: Map<string, TieAmounts>;
  other: Map<TieLine, Map<string, TieAmounts>>;
}

function sideOf(entry: LedgerEntry): Side {
  return entry.kind === 'fee' ? 'fees' : entry.direction === 'in' ? 'in' : 'out';
}
