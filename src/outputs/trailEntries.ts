import type { Holding } from '../costbasis/BasisEvent.js';
import type { LotPiece } from '../costbasis/Lot.js';
import type { LotTrail } from '../costbasis/LotTrail.js';
import { type Money, toDecimal } from '../costbasis/scaledMoney.js';
import { Decimal, formatUnits } from '../ledger/money.js';
import type { EntryBook } from './EntryBook.js';
import type { GainsLine, JournalLot } from './GainsJournal.js';

/**
 * The replay's trail in the journal: each removal (gift out, donation, loss, an unclassified transfer out) takes its
 * lots at cost to `removed`, with no gain; each move (own transfer, wrap, unwrap, bridge) takes its lots from one asset
 * account and puts them, id, date and cost kept, in the other's (a bridge whole at its departure); a bridge that left
 * before the period brings its lots in at cost when they arrive, against `carried`. Returns the opening lines: the
 * lots open at the period's start at cost, and what a uk disposal before it takes from them or from the period's
 * acquisitions (its 30 days run into the period) short in `owed`, each named; those leave the asset account for `owed`
 * once the last of them has arrived (at `start` if all were held). A piece of unknown cost is never posted: that part
 * of a removal or move is left out (listed), an opening one not carried. An opening lot `restated` (uk: acquired on the
 * period's first UK day, which the period's acquisitions of that day join) is carried in at the day's average, what
 * it held apart on a `same_day` line; so is a lot a move brings into another pool on the day it was acquired.
 */
export function trailEntries(trail: LotTrail, book: EntryBook, start: number, restated: ReadonlyMap<LotPiece, Money | null>): GainsLine[] {
  const opening: GainsLine[] = [];
  const owed: { holding: Holding; lines: GainsLine[]; at: number }[] = [];
  trail.opening.forEach((lots, at) => {
    const { holding } = lots;
    const settling: GainsLine[] = [];
    let last = start;
    lots.pieces.forEach((piece, index) => {
      if (piece.cost === null) return;
      const cost = restated.get(piece) ?? piece.cost;
      const line = pieceLine(book, holding, { ...piece, cost }, 1n, `opening/${at + 1}/${index + 1}`);
      if (!lots.owed) {
        opening.push(line);
        if (cost !== piece.cost) opening.push({ role: 'same_day', amount: toDecimal(piece.cost).sub(toDecimal(cost)) });
        return;
      }
      const short = { ...(line.lot as JournalLot), pooled: false };
      opening.push({ ...line, role: 'owed', amount: line.amount.neg(), quantity: -piece.quantity, lot: short });
      settling.push({ ...line, amount: line.amount.neg(), quantity: -piece.quantity }, { ...line, role: 'owed', lot: short });
      if (piece.acquiredAt !== null && piece.acquiredAt > last) last = piece.acquiredAt;
    });
    if (settling.length > 0) owed.push({ holding, lines: settling, at: last });
  });
  for (const removal of trail.removals) {
    const { holding } = removal;
    const [known, unknown] = split(removal.pieces);
    if (unknown + removal.short > 0n) {
      const what = `${removal.kind} ${formatUnits(unknown + removal.short, holding.decimals)} ${holding.asset}`;
      const why = removal.short > 0n ? 'missing_acquisition' : 'missing_basis';
      book.leftOut.push({ kind: 'removal', at: removal.timestamp, entryId: removal.entryId, txHash: removal.txHash, what, why });
    }
    if (known.length === 0) continue;
    const entry = book.entry(holding.chainId, removal.txHash, removal.timestamp, holding.wallet);
    const lines = known.map((piece, index) => pieceLine(book, holding, piece, -1n, `${removal.entryId}/${index + 1}`));
    entry.lines.push(...lines, { role: 'removed', amount: sumOf(lines).neg() });
    book.say(entry, `${removal.kind} ${formatUnits(-quantityOf(lines), holding.decimals)} ${holding.asset}`);
  }
  for (const move of trail.moves) {
    const { holding, target } = move;
    // What the source could not cover arrives of unknown cost, as does a piece of unknown cost: only those are left out.
    const [known] = split(move.pieces);
    const [knownArrived, unknownArrived] = split(move.arrived);
    if (unknownArrived > 0n) {
      const what = `moved ${formatUnits(unknownArrived, target.decimals)} ${target.asset}`;
      book.leftOut.push({ kind: 'move', at: move.timestamp, entryId: move.entryId, txHash: move.txHash, what, why: 'missing_basis' });
    }
    if (knownArrived.length === 0) continue;
    // uk: a lot arriving in another pool on the day it was acquired is restated at that day's average (`same_day`).
    const arrived = knownArrived.map((piece, index) =>
      pieceLine(book, target, { ...piece, cost: restated.get(piece) ?? piece.cost }, 1n, `${move.entryId}/${index + 1}`),
    );
    const kept = knownArrived.reduce((sum, piece) => sum.add(toDecimal(piece.cost as Money)), new Decimal(0));
    const restatement = kept.sub(sumOf(arrived));
    const sameDay = restatement.isZero() ? [] : [{ role: 'same_day' as const, amount: restatement }];
    const what = `${formatUnits(quantityOf(arrived), target.decimals)} ${target.asset}`;
    if (move.departedBefore) {
      // Its lots were in transit at the period's start: they come in at cost when they arrive, like a carried lot.
      const entry = book.entry(target.chainId, move.txHash, move.arrivedAt, target.wallet);
      entry.lines.push(...arrived, ...sameDay, { role: 'carried', amount: kept.neg() });
      book.say(entry, `arrived ${what}`);
      continue;
    }
    const entry = book.entry(holding.chainId, move.txHash, move.timestamp, holding.wallet);
    const left = known.map((piece, index) => pieceLine(book, holding, piece, -1n, `${move.entryId}/${index + 1}`));
    // A move keeps cost: only a wrap whose sides differ in units can leave a rounding of the unit cost, put on `exchange`.
    const off = sumOf(left).add(kept);
    entry.lines.push(...left, ...arrived, ...sameDay, ...(off.isZero() ? [] : [{ role: 'exchange' as const, amount: off.neg() }]));
    book.say(entry, `moved ${formatUnits(-quantityOf(left), holding.decimals)} ${holding.asset} as ${what}`);
  }
  for (const { holding, lines, at } of owed) {
    const entry = book.apart(holding.chainId, '', at, holding.wallet);
    entry.lines.push(...lines);
    book.say(
      entry,
      `${formatUnits(quantityOf(lines.filter((line) => line.role === 'owed')), holding.decimals)} ${holding.asset} owed by a sale before the period settled: its lots leave (uk matching)`,
    );
  }
  return opening;
}

/** A piece of a lot as an `asset` line: `sign` −1 takes it out, 1 puts it in; a pool's piece (no id) is `pooled`. */
function pieceLine(book: EntryBook, holding: Holding, piece: LotPiece, sign: bigint, pooledId: string): GainsLine {
  const cost = toDecimal(piece.cost as Money);
  const lot = book.lot(holding, piece.lotId ?? pooledId, piece.acquiredAt, cost, piece.quantity, piece.lotId === null);
  return { role: 'asset', amount: sign < 0n ? cost.neg() : cost, holding, quantity: sign * piece.quantity, lot };
}

/** The pieces of known cost, and the base units of those of unknown cost. */
function split(pieces: readonly LotPiece[]): [LotPiece[], bigint] {
  const known = pieces.filter((piece) => piece.cost !== null);
  return [known, pieces.reduce((sum, piece) => (piece.cost === null ? sum + piece.quantity : sum), 0n)];
}

function quantityOf(lines: readonly GainsLine[]): bigint {
  return lines.reduce((sum, line) => sum + (line.quantity as bigint), 0n);
}

function sumOf(lines: readonly GainsLine[]): Decimal {
  return lines.reduce((sum, line) => sum.add(line.amount), new Decimal(0));
}
