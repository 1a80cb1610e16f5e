import type { Category, Direction, EntryKind, LedgerEntry } from '../ledger/LedgerEntry.js';
import type { BasisLeg } from './BasisLeg.js';
import { bridgeOf, type BasisValue } from './basisLegOf.js';

/**
 * Legs gathered in the export's pass and replayed after it, kept as columns: plain data (a part's thread posts it in
 * a few blocks), a `BasisLeg` made again, not yet valued, when read. Held as objects, 600,000 legs were ≈ 320 MB of
 * the main thread's heap, marked by every full collection while the render ran; here they are typed arrays and a
 * few long strings. The same leg as `basisLegOf` makes with an unknown value: read in order, once per reading.
 */
export interface PackedLegs {
  count: number;
  /** Per leg: timestamp, chain, block, transaction index, order, decimals (NaN: unknown). */
  numbers: Float64Array;
  /** Per leg: wallet, direction, kind, category, asset, contract, spam, as indices into `words`. */
  codes: Int32Array;
  /** The few strings many legs repeat. */
  words: string[];
  /** Per leg: the lengths of its entry id, transaction hash (-1: the previous leg's) and amount in its block of `texts`. */
  lengths: Int32Array;
  /** Each block of `BLOCK` legs' entry ids, hashes and amounts (base units, decimal), joined. */
  texts: string[];
  /** The legs paired as a bridge (by index), with their partner. */
  bridges: [number, NonNullable<BasisLeg['bridge']>][];
}

const NUMBERS = 6;
const CODES = 7;
const LENGTHS = 3;
const BLOCK = 4096;

/** Gathers legs from ledger entries in order (an ignored entry has none), packed; `packed()` once after the last. */
export class LegPacker {
  private count = 0;
  private numbers = new Float64Array(BLOCK * NUMBERS);
  private codes = new Int32Array(BLOCK * CODES);
  private lengths = new Int32Array(BLOCK * LENGTHS);
  private readonly words: string[] = [];
  private readonly wordIndex = new Map<string, number>();
  private readonly texts: string[] = [];
  private block: string[] = [];
  private lastHash = '';
  private readonly bridges: PackedLegs['bridges'] = [];

  add(entry: LedgerEntry): void {
    if (entry.ignored === true) return;
    const at = this.count;
    if (at * NUMBERS === this.numbers.length) this.grow();
    const n = at * NUMBERS;
    const numbers = this.numbers;
    numbers[n] = entry.timestamp;
    numbers[n + 1] = entry.chainId;
    numbers[n + 2] = entry.blockNumber;
    numbers[n + 3] = entry.transactionIndex;
    numbers[n + 4] = entry.order;
    numbers[n + 5] = entry.decimals ?? NaN;
    const c = at * CODES;
    const codes = this.codes;
    codes[c] = this.word(entry.wallet);
    codes[c + 1] = this.word(entry.direction);
    codes[c + 2] = this.word(entry.kind);
    codes[c + 3] = this.word(entry.category);
    codes[c + 4] = this.word(entry.asset);
    codes[c + 5] = this.word(entry.assetContract);
    codes[c + 6] = this.word(entry.spam);
    const amount = entry.amountRaw.toString();
    const l = at * LENGTHS;
    const { entryId, txHash } = entry;
    // The first leg of a block names its hash, so that a block reads alone.
    const sameHash = txHash === this.lastHash && at % BLOCK !== 0;
    this.lengths[l] = entryId.length;
    this.lengths[l + 1] = sameHash ? -1 : txHash.length;
    this.lengths[l + 2] = amount.length;
    this.block.push(sameHash ? entryId + amount : entryId + txHash + amount);
    this.lastHash = txHash;
    const bridge = bridgeOf(entry);
    if (bridge !== undefined) this.bridges.push([at, bridge]);
    this.count = at + 1;
    if (this.count % BLOCK === 0) this.seal();
  }

  packed(): PackedLegs {
    this.seal();
    const { count, words, texts, bridges } = this;
    return {
      count,
      numbers: this.numbers.slice(0, count * NUMBERS),
      codes: this.codes.slice(0, count * CODES),
      words,
      lengths: this.lengths.slice(0, count * LENGTHS),
      texts,
      bridges,
    };
  }

  private word(text: string): number {
    let index = this.wordIndex.get(text);
    if (index === undefined) {
      index = this.words.length;
      this.words.push(text);
      this.wordIndex.set(text, index);
    }
    return index;
  }

  private seal(): void {
    if (this.block.length === 0) return;
    this.texts.push(this.block.join(''));
    this.block = [];
  }

  private grow(): void {
    const numbers = new Float64Array(this.numbers.length * 2);
    numbers.set(this.numbers);
    this.numbers = numbers;
    const codes = new Int32Array(this.codes.length * 2);
    codes.set(this.codes);
    this.codes = codes;
    const lengths = new Int32Array(this.lengths.length * 2);
    lengths.set(this.lengths);
    this.lengths = lengths;
  }
}

/** The packed legs in the order they were added, each a new `BasisLeg` with `value` (as gathered: not valued yet). */
export function* unpackedLegs(packed: PackedLegs, value: BasisValue): Generator<BasisLeg> {
  const { count, numbers, codes, words, lengths, texts, bridges } = packed;
  let bridge = 0;
  let txHash = '';
  let text = '';
  let pos = 0;
  for (let at = 0; at < count; at += 1) {
    if (at % BLOCK === 0) {
      text = texts[at / BLOCK] as string;
      pos = 0;
    }
    const l = at * LENGTHS;
    const entryId = text.slice(pos, (pos += lengths[l] as number));
    const hashLength = lengths[l + 1] as number;
    if (hashLength >= 0) txHash = text.slice(pos, (pos += hashLength));
    const amountRaw = BigInt(text.slice(pos, (pos += lengths[l + 2] as number)));
    const n = at * NUMBERS;
    const c = at * CODES;
    const decimals = numbers[n + 5] as number;
    const leg: BasisLeg = {
      entryId,
      timestamp: numbers[n] as number,
      chainId: numbers[n + 1] as number,
      blockNumber: numbers[n + 2] as number,
      txHash,
      transactionIndex: numbers[n + 3] as number,
      order: numbers[n + 4] as number,
      wallet: words[codes[c] as number] as string,
      direction: words[codes[c + 1] as number] as Direction,
      kind: words[codes[c + 2] as number] as EntryKind,
      category: words[codes[c + 3] as number] as Category,
      asset: words[codes[c + 4] as number] as string,
      assetContract: words[codes[c + 5] as number] as string,
      amountRaw,
      decimals: Number.isNaN(decimals) ? null : decimals,
      spam: words[codes[c + 6] as number] as string,
      value: value.value,
      valueState: value.valueState,
      price: value.price,
      priceSource: value.priceSource,
    };
    const paired = bridges[bridge];
    if (paired !== undefined && paired[0] === at) {
      leg.bridge = paired[1];
      bridge += 1;
    }
    yield leg;
  }
}
