/** One world the bench runs: the sandbox scale that gives about `entries` ledger entries, and the advertised rate. */
export interface BenchSize {
  name: string;
  /** `generateWorld` scale: 1 ≈ 10k entries, 10 ≈ 100k, 100 ≈ 1M (see src/sandbox/generateWorld.ts). */
  scale: number;
  /** Calls per second given to both the sandbox and the client; high for the big worlds so a run ends in minutes. */
  rate: number;
  /** The world spans London on chain 1 from 2019 (`generateWorld`'s `spanFeeMarket`), and the export starts there. */
  spanFeeMarket?: boolean;
}

export const BENCH_SIZES: readonly BenchSize[] = [
  { name: 'small', scale: 1, rate: 25 },
  { name: 'small-london', scale: 1, rate: 25, spanFeeMarket: true },
  { name: 'medium', scale: 10, rate: 100 },
  { name: 'large', scale: 100, rate: 300 },
];
