/**
 * A seeded PRNG (splitmix32 stream + mulberry-style output): the sandbox must produce the
 * same world and the same faults from the same seed, which Math.random cannot promise.
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = mix32((seed >>> 0) ^ 0x9e3779b9);
  }

  /** Next unsigned 32-bit integer. */
  nextU32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    return mix32(this.state);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextU32() / 0x1_0000_0000;
  }

  /** Integer in [min, max] (inclusive, max − min < 2^32). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks a key with probability proportional to its weight. */
  weighted<K extends string>(weights: Readonly<Partial<Record<K, number>>>): K {
    let table = cumulativeTables.get(weights) as CumulativeTable<K> | undefined;
    if (table === undefined) {
      const keys = Object.keys(weights) as K[];
      let total = 0;
      table = { keys, bounds: keys.map((key) => (total += weights[key] ?? 0)) };
      cumulativeTables.set(weights, table);
    }
    const roll = this.next() * table.bounds[table.bounds.length - 1]!;
    const index = table.bounds.findIndex((bound) => roll < bound);
    return table.keys[index === -1 ? table.keys.length - 1 : index]!;
  }
}

interface CumulativeTable<K> {
  keys: K[];
  bounds: number[];
}
/** Weight tables are constants: their running sums are computed once, not per pick. */
const cumulativeTables = new WeakMap<object, CumulativeTable<string>>();

/** A 32-bit avalanche mix (murmur3 finaliser): also used to derive hashes and addresses statelessly. */
export function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** `words` × 8 pseudo-random hex characters determined by (salt, a, b): stable ids without storing them. */
export function derivedHex(words: number, salt: number, a: number, b = 0): string {
  let out = '';
  let h = mix32(salt ^ mix32(a ^ mix32(b + 0x165667b1)));
  for (let i = 0; i < words; i++) {
    h = mix32(h + 0x27d4eb2f + i);
    out += HEX_BYTES[h >>> 24]! + HEX_BYTES[(h >>> 16) & 255]! + HEX_BYTES[(h >>> 8) & 255]! + HEX_BYTES[h & 255]!;
  }
  return out;
}

/** Rendering a page derives thousands of hashes: a byte table beats toString(16) + padStart. */
const HEX_BYTES = Array.from({ length: 256 }, (_, n) => n.toString(16).padStart(2, '0'));
