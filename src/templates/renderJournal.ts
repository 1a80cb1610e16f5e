import type { AmountFormatter } from './AmountFormatter.js';
import { AssetNamer } from './AssetNamer.js';
import { balanceText } from './balanceRow.js';
import { describe, vocabularyLookup } from './compileRow.js';
import { DateFormatter } from './DateFormatter.js';
import type { Holding } from './Holdings.js';
import type { JournalTransaction } from './JournalBook.js';
import { JournalBook } from './JournalBook.js';
import type { BalanceAssertion, JournalHeader, LeftOutNote } from './journalText.js';
import {
  beancountBalances,
  beancountDeclarations,
  beancountLeftOut,
  beancountLeftOutPosting,
  beancountTransaction,
  fullPrecision,
  hledgerAssertions,
  hledgerDeclarations,
  hledgerTransaction,
} from './journalText.js';
import { chainSlug, JournalSurveyor, type JournalSurvey } from './journalSurvey.js';
import { journalWalk } from './journalWalk.js';
import type { PeriodBounds } from './PeriodBounds.js';
import type { Posting } from './Posting.js';
import type { Template } from './Template.js';
import { TIE_REASON, type TieTally } from './TieTally.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { isNft } from './ViewRow.js';
import type { Leg, ViewRow } from './ViewRow.js';
import { JournalPrices } from './JournalPrices.js';
import type { RowPrices } from '../prices/valueLeg.js';
import { closingInstant } from '../config/periodInstants.js';

/** What the closing assertions were checked against, for the run's summary. */
export interface AssertionTally {
  /** Asset accounts given a closing assertion. */
  accounts: number;
  /** Of those, asserted with the chain's balance at the period's last block. */
  fromChain: number;
  /** Accounts whose ledger balance differs from the chain's: the checker will fail on them. */
  differing: string[];
}

/** Where the journal's text goes (a run's `TextFileWriter`): appending is all a journal asks of it. */
export interface JournalSink {
  write(text: string): Promise<void>;
}

export interface JournalRender {
  rows: number;
  assertions: AssertionTally | null;
  /**
   * beancount's survey when the walk found commodities past its numbers, which it had written as any other: the
   * journal must be written again over the ledger knowing them (`known`). `null` when the files are complete.
   */
  redo: JournalSurvey | null;
}

/** Where a journal goes: the books, whose head (declarations) is given last, and (hledger) the closing transaction. */
export interface JournalFiles {
  main: JournalSink & { head(text: string): void };
  closing: JournalSink | null;
}

export interface JournalOptions {
  /** A valued export's prices: the journal's price directives. */
  prices?: RowPrices | null;
  /** The survey of an earlier walk (`redo`): what to leave out is known before the first line. */
  known?: JournalSurvey;
  /** Awaited before each transaction is taken: a walk sharing its read of the ledger keeps pace with the others. */
  pace?: () => Promise<void>;
}

/** `ledgerscan.journal` → `ledgerscan.closing.journal`: the closing transaction, to put between two years joined by `cat`. */
export function closingFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? `${fileName}.closing` : `${fileName.slice(0, dot)}.closing${fileName.slice(dot)}`;
}

/**
 * A plain-text journal (hledger or beancount) over the period: declarations first, opening balances, the
 * movements and closing balance assertions (the chain's balance where it can be read, else the ledger's). The
 * closing transaction, which would show every holding at zero, goes to `files.closing` (hledger) or nowhere
 * (beancount, whose reports close periods themselves). One walk over `entries` writes the transactions and learns
 * the names to declare, given as the file's head once it ends; beancount walks again (`redo`) only when it must
 * leave a commodity out, which it knows only then.
 */
export async function renderJournal(
  template: Template,
  entries: Iterable<LedgerEntry>,
  period: PeriodBounds | undefined,
  amounts: AmountFormatter,
  files: JournalFiles,
  tie: TieTally,
  options: JournalOptions = {},
): Promise<JournalRender> {
  const prices = options.prices ?? null;
  const dialect = template.renderer === 'beancount' ? 'beancount' : 'hledger';
  const writer = files.main;
  const dates = new DateFormatter('yyyy-MM-dd', template.date.zone);
  const names = new AssetNamer('symbol', 'symbol');
  const bounds = template.balances === 'none' ? undefined : period;
  const closing = bounds !== undefined && template.balances === 'opening-closing';
  const surveyor = options.known === undefined ? new JournalSurveyor(dialect) : null;
  const leftOut = options.known?.leftOut ?? new Map<string, LeftOutNote>();
  const book = new JournalBook(template.accounts, dialect);
  const market = prices === null ? null : new JournalPrices(prices);
  const accounts = new Set<string>();
  let rows = 0;

  const quantity = (p: Posting): string => amounts.format(p.amountRaw, p.decimals, p.commodity);

  const write = async (
    tx: JournalTransaction,
    date: string,
    header: Omit<JournalHeader, 'date'>,
    to: JournalSink = writer,
  ): Promise<void> => {
    const kept: Posting[] = [];
    for (const p of tx.postings) {
      const out = leftOut.has(p.commodity);
      if (p.side === 'asset') tie.row(p.row, out ? null : p.row, out ? TIE_REASON.beancountRange : null);
      if (!out) kept.push(p);
      else if (p.side === 'asset') await to.write(beancountLeftOutPosting(date, p));
    }
    if (kept.length === 0) return;
    for (const p of kept) accounts.add(p.account);
    // The closing transaction (its own file) is dated after the period: the last day's prices are noted apart.
    if (market !== null && to === writer)
      for (const p of kept) if (p.side === 'asset') market.note(date, p.commodity, legOfRow(p.row), p.row.timestamp);
    const text =
      dialect === 'beancount'
        ? beancountTransaction({ date, ...header }, kept, quantity)
        : hledgerTransaction({ date, ...header }, kept, quantity);
    await to.write(text);
    rows += kept.length;
  };

  const tally: AssertionTally | null = closing ? { accounts: 0, fromChain: 0, differing: [] } : null;
  const steps = journalWalk(book, bounds, closing, entries, dates)[Symbol.iterator]();
  for (;;) {
    await options.pace?.();
    const next = steps.next();
    if (next.done === true) break;
    const step = next.value;
    const { kind, tx, date } = step;
    // The closing transaction is declared only where it is written.
    if (kind !== 'closing' || files.closing !== null) surveyor?.add(step);
    if (kind === 'opening') {
      await write(tx, date, balanceHeader(tx, 'opening balances'));
    } else if (kind === 'movement') {
      await write(tx, date, movementHeader(template, names, tx));
    } else if (market !== null && bounds !== undefined) {
      // The period's last day, in the file's zone: the date `-X` values the holdings at.
      const closing = closingInstant(bounds);
      const lastDay = dates.format(closing);
      for (const holding of tx.holdings)
        if (holding.balance !== 0n) market.noteClosing(lastDay, book.names(holding).commodity, holding.leg, closing);
    }
    if (kind === 'closing' && tally !== null) {
      const assertions: BalanceAssertion[] = [];
      for (const holding of tx.holdings) {
        const held = book.names(holding);
        if (!accounts.has(held.asset)) continue;
        const assertion = await closingAssertion(holding, held, tx, bounds as PeriodBounds);
        tally.accounts += 1;
        if (assertion.fromChain) tally.fromChain += 1;
        if (assertion.differs) tally.differing.push(held.asset);
        assertions.push(assertion.assertion);
      }
      const header = balanceHeader(tx, 'closing balances');
      if (assertions.length > 0) {
        await writer.write(
          dialect === 'beancount'
            ? beancountBalances(date, assertions)
            : hledgerAssertions({ date, ...header, description: `balance assertions ${header.description}` }, assertions),
        );
      }
      if (tx.postings.length > 0 && files.closing !== null) await write(tx, date, header, files.closing);
    }
  }
  if (market !== null) await writer.write(market.text(dialect));
  const survey = options.known ?? (surveyor as JournalSurveyor).survey();
  if (options.known === undefined && survey.leftOut.size > 0) return { rows, assertions: tally, redo: survey };
  writer.head(
    (survey.leftOut.size > 0 ? beancountLeftOut(survey.leftOut.values()) : '') +
      (survey.accounts.length === 0
        ? ''
        : (dialect === 'beancount'
            ? beancountDeclarations(survey.firstDate, survey.commodities, survey.accounts)
            : hledgerDeclarations(survey.commodities, survey.accounts)) +
          (market === null ? '' : market.declaration(dialect, survey.firstDate))),
  );
  return { rows, assertions: tally, redo: null };
}

function legOfRow(row: ViewRow): Leg {
  return (row.sent ?? row.received ?? row.fee) as Leg;
}

function movementHeader(template: Template, names: AssetNamer, tx: JournalTransaction): Omit<JournalHeader, 'date'> {
  const row = (tx.postings[0] as Posting).row;
  const described = tx.postings.map((p) => describe(template, names, p.row));
  const notes = [...new Set(described.filter((d) => d !== ''))].join('; ');
  const categories = [...new Set(tx.entries.map((e) => e.category))].join(' ');
  return {
    description: `${vocabularyLookup(template, template.labels, row) || categories} ${row.walletLabel}`.trim(),
    tags: [
      ['tx', row.txHash],
      ['chain', chainSlug(tx.chainId)],
      ['block', String(row.blockNumber)],
      ['wallet', tx.wallet],
      ...(notes === '' ? [] : [['note', notes] as const]),
    ],
  };
}

function balanceHeader(tx: JournalTransaction, what: string): Omit<JournalHeader, 'date'> {
  const first = tx.holdings[0] as Holding;
  const mark = tx.balance as NonNullable<JournalTransaction['balance']>;
  return {
    description: `${what} ${first.walletLabel}`.trim(),
    tags: [
      ['chain', chainSlug(tx.chainId)],
      ['block', String(mark.block)],
      ['wallet', tx.wallet],
      ['note', balanceText(mark)],
    ],
  };
}

async function closingAssertion(
  holding: Holding,
  names: { asset: string; commodity: string },
  tx: JournalTransaction,
  bounds: PeriodBounds,
): Promise<{ assertion: BalanceAssertion; fromChain: boolean; differs: boolean }> {
  const block = (tx.balance as NonNullable<JournalTransaction['balance']>).block;
  const decimals = holding.leg.decimals;
  const ledger = fullPrecision(holding.balance, decimals);
  const why =
    holding.leg.spam !== ''
      ? 'spam: the chain is not asked'
      : isNft(holding.leg)
        ? 'NFT collection: counted by the ledger only'
        : bounds.chainBalance === undefined
          ? 'no chain balance asked'
          : null;
  const chain = why === null && bounds.chainBalance !== undefined ? await bounds.chainBalance(holding, block) : { unavailable: why ?? '' };
  const base = { account: names.asset, commodity: names.commodity };
  if ('unavailable' in chain) {
    return {
      assertion: { ...base, amount: ledger, note: `ledger balance at block ${block}; chain balance unavailable (${chain.unavailable})` },
      fromChain: false,
      differs: false,
    };
  }
  const differs = chain.value !== holding.balance;
  const note = differs
    ? `chain balance at block ${block}, but the ledger says ${ledger}: the books do not tie to the chain here`
    : `chain balance at block ${block}, equal to the ledger's`;
  return { assertion: { ...base, amount: fullPrecision(chain.value, decimals), note }, fromChain: true, differs };
}
