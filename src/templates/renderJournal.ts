import { addDays, format, parseISO } from 'date-fns';
import { findChain } from '../chains/chains.js';
import type { AmountFormatter } from './AmountFormatter.js';
import { AssetNamer } from './AssetNamer.js';
import { balanceText } from './balanceRow.js';
import { describe, vocabularyLookup } from './compileRow.js';
import { DateFormatter } from './DateFormatter.js';
import type { Holding } from './Holdings.js';
import type { JournalTransaction } from './JournalBook.js';
import { JournalBook } from './JournalBook.js';
import type { BalanceAssertion, CommodityDeclaration, JournalHeader } from './journalText.js';
import {
  beancountBalances,
  beancountDeclarations,
  beancountTransaction,
  fullPrecision,
  hledgerAssertions,
  hledgerDeclarations,
  hledgerTransaction,
} from './journalText.js';
import type { PeriodBounds } from './PeriodBounds.js';
import type { Posting } from './Posting.js';
import type { Template } from './Template.js';
import type { TieTally } from './TieTally.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { isNft } from './ViewRow.js';

/** beancount computes in Python's default decimal context (28 significant digits). */
const beancountDigits = 28;

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
}

/**
 * A plain-text journal (hledger or beancount) over the period: opening balances, the movements, closing balance
 * assertions (the chain's balance where it can be read, else the ledger's) and the closing transaction, then the
 * commodity and account declarations.
 */
export async function renderJournal(
  template: Template,
  entries: Iterable<LedgerEntry>,
  period: PeriodBounds | undefined,
  amounts: AmountFormatter,
  writer: JournalSink,
  tie: TieTally,
): Promise<JournalRender> {
  const dialect = template.renderer === 'beancount' ? 'beancount' : 'hledger';
  const dates = new DateFormatter('yyyy-MM-dd', template.date.zone);
  const names = new AssetNamer('symbol', 'symbol');
  const book = new JournalBook(template.accounts, dialect);
  const bounds = template.balances === 'none' ? undefined : period;
  const accounts = new Set<string>();
  const commodities = new Map<string, CommodityDeclaration & { contracts: string[]; chains: string[] }>();
  /** beancount: asset accounts a rounded amount or a sum past 28 digits touched, where an assertion cannot hold exactly. */
  const inexact = new Set<string>();
  const running = new Map<string, bigint>();
  let firstDate = '';
  let rows = 0;

  const quantity = (p: Posting): string =>
    dialect === 'beancount'
      ? amounts.formatSignificant(p.amountRaw, p.decimals, p.side === 'asset' ? p.commodity : null, beancountDigits)
      : amounts.format(p.amountRaw, p.decimals, p.commodity);

  const write = async (tx: JournalTransaction, date: string, header: Omit<JournalHeader, 'date'>): Promise<void> => {
    if (firstDate === '' || date < firstDate) firstDate = date;
    for (const p of tx.postings) {
      accounts.add(p.account);
      declare(commodities, p);
      if (p.side === 'asset') tie.row(p.row, p.row, null);
      if (p.side === 'asset' && dialect === 'beancount') {
        const sum = (running.get(p.account) ?? 0n) + p.amountRaw;
        running.set(p.account, sum);
        if (digits(p.amountRaw) > beancountDigits || digits(sum) > beancountDigits) inexact.add(p.account);
      }
    }
    const text = dialect === 'beancount' ? beancountTransaction({ date, ...header }, tx.postings, quantity) : hledgerTransaction({ date, ...header }, tx.postings, quantity);
    await writer.write(text);
    rows += tx.postings.length;
  };

  if (bounds !== undefined) {
    book.roll(bounds.history());
    const date = dates.format(bounds.startTime);
    for (const tx of book.balances('opening', bounds.blocks, bounds.startTime)) await write(tx, date, balanceHeader(tx, 'opening balances'));
  }

  for (const tx of book.movements(entries)) {
    const first = tx.postings[0] as Posting;
    const row = first.row;
    const described = tx.postings.map((p) => describe(template, names, p.row));
    if (dialect === 'beancount' && tx.postings.some((p) => digits(p.amountRaw) > beancountDigits)) {
      described.push(`amount rounded to ${beancountDigits} significant digits, the most beancount computes with`);
    }
    const notes = [...new Set(described.filter((d) => d !== ''))].join('; ');
    const categories = [...new Set(tx.entries.map((e) => e.category))].join(' ');
    await write(tx, dates.format(row.timestamp), {
      description: `${vocabularyLookup(template, template.labels, row) || categories} ${row.walletLabel}`.trim(),
      tags: [
        ['tx', row.txHash],
        ['chain', chainSlug(tx.chainId)],
        ['block', String(row.blockNumber)],
        ['wallet', tx.wallet],
        ...(notes === '' ? [] : [['note', notes] as const]),
      ],
    });
  }

  let tally: AssertionTally | null = null;
  if (bounds !== undefined && template.balances === 'opening-closing') {
    tally = { accounts: 0, fromChain: 0, differing: [] };
    // A balance directive is checked at the start of its day: the day after the period's last entry.
    const date = format(addDays(parseISO(dates.format(bounds.endTime - 1)), 1), 'yyyy-MM-dd');
    for (const tx of book.balances('closing', bounds.blocks, bounds.endTime)) {
      const assertions: BalanceAssertion[] = [];
      const unasserted: string[] = [];
      for (const holding of tx.holdings) {
        const held = book.names(holding);
        if (!accounts.has(held.asset)) continue;
        if (inexact.has(held.asset)) {
          unasserted.push(`; no balance assertion for ${held.asset}: beancount rounded an amount past ${beancountDigits} significant digits here\n`);
          continue;
        }
        const assertion = await closingAssertion(holding, held, tx, bounds);
        tally.accounts += 1;
        if (assertion.fromChain) tally.fromChain += 1;
        if (assertion.differs) tally.differing.push(held.asset);
        assertions.push(assertion.assertion);
      }
      const header = balanceHeader(tx, 'closing balances');
      if (unasserted.length > 0) await writer.write(unasserted.join(''));
      if (assertions.length > 0) {
        await writer.write(dialect === 'beancount' ? beancountBalances(date, assertions) : hledgerAssertions({ date, ...header, description: `balance assertions ${header.description}` }, assertions));
      }
      if (tx.postings.length > 0) await write(tx, date, header);
    }
  }

  const declared = [...commodities.values()].sort((a, b) => (a.commodity < b.commodity ? -1 : 1));
  if (accounts.size > 0) {
    await writer.write(dialect === 'beancount' ? beancountDeclarations(firstDate, declared, accounts) : hledgerDeclarations(declared, accounts));
  }
  return { rows, assertions: tally };
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
    holding.leg.spam !== '' ? 'spam: the chain is not asked' : isNft(holding.leg) ? 'NFT collection: counted by the ledger only' : bounds.chainBalance === undefined ? 'no chain balance asked' : null;
  const chain = why === null && bounds.chainBalance !== undefined ? await bounds.chainBalance(holding, block) : { unavailable: why ?? '' };
  const base = { account: names.asset, commodity: names.commodity };
  if ('unavailable' in chain) {
    return { assertion: { ...base, amount: ledger, note: `ledger balance at block ${block}; chain balance unavailable (${chain.unavailable})` }, fromChain: false, differs: false };
  }
  const differs = chain.value !== holding.balance;
  const note = differs
    ? `chain balance at block ${block}, but the ledger says ${ledger}: the books do not tie to the chain here`
    : `chain balance at block ${block}, equal to the ledger's`;
  return { assertion: { ...base, amount: fullPrecision(chain.value, decimals), note }, fromChain: true, differs };
}

function declare(commodities: Map<string, CommodityDeclaration & { contracts: string[]; chains: string[] }>, posting: Posting): void {
  const leg = posting.row.sent ?? posting.row.received;
  let known = commodities.get(posting.commodity);
  if (known === undefined) {
    known = { commodity: posting.commodity, decimals: posting.decimals, contracts: [], chains: [] };
    commodities.set(posting.commodity, known);
  }
  const contract = leg?.assetContract ?? '';
  if (contract !== '' && !known.contracts.includes(contract)) known.contracts.push(contract);
  const chain = chainSlug(posting.row.chainId);
  if (!known.chains.includes(chain)) known.chains.push(chain);
}

function chainSlug(chainId: number): string {
  return findChain(chainId)?.slug ?? String(chainId);
}

function digits(raw: bigint): number {
  return (raw < 0n ? -raw : raw).toString().length;
}
