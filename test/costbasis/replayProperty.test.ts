import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { BasisLeg } from '../../src/costbasis/BasisLeg.js';
import type { BasisMethod, BasisScope } from '../../src/costbasis/CostBasisSettings.js';
import { Decimal, formatUnits } from '../../src/ledger/money.js';
import { ETH, fee, leg, replay, sell, buy, settingsOf, TKN, type TestAsset, tx, unbalancedTies, W1, W2 } from './legs.js';

const WALLETS = [W1, W2] as const;
const ASSETS: readonly TestAsset[] = [ETH, TKN];
const DAY = 86400;
const START = Date.UTC(2024, 0, 1, 12) / 1000;

interface Step {
  kind: 'acquire' | 'dispose' | 'move' | 'trade';
  wallet: 0 | 1;
  asset: 0 | 1;
  /** Hundredths of a coin acquired, or percent of the balance that leaves. */
  part: number;
  value: number;
  withFee: boolean;
}

const step: fc.Arbitrary<Step> = fc.record({
  kind: fc.constantFrom('acquire', 'dispose', 'move', 'trade'),
  wallet: fc.constantFrom(0 as const, 1 as const),
  asset: fc.constantFrom(0 as const, 1 as const),
  part: fc.integer({ min: 1, max: 100 }),
  value: fc.integer({ min: 1, max: 10000 }),
  withFee: fc.boolean(),
});

/**
 * A history from the steps, every value known, every lot closed by a last sale per wallet and asset; a disposal never
 * takes more than its wallet holds (so no scope finds a shortfall). Fees are paid in ETH only out of what is held.
 */
function historyOf(steps: readonly Step[]): BasisLeg[][] {
  const held = new Map<string, bigint>();
  const key = (wallet: number, asset: number): string => `${wallet}:${asset}`;
  const balance = (wallet: number, asset: number): bigint => held.get(key(wallet, asset)) ?? 0n;
  const add = (wallet: number, asset: number, delta: bigint): void => void held.set(key(wallet, asset), balance(wallet, asset) + delta);
  const txs: BasisLeg[][] = [];
  const when = (): string => new Date((START + txs.length * DAY) * 1000).toISOString();
  const amount = (raw: bigint): string => formatUnits(raw, 18);
  steps.forEach((s, index) => {
    const id = `s${index}`;
    const coin = ASSETS[s.asset] as TestAsset;
    const wallet = WALLETS[s.wallet];
    const leaving = (balance(s.wallet, s.asset) * BigInt(s.part)) / 100n;
    const gas = s.withFee && s.asset === 1 && balance(s.wallet, 0) > 1000n ? 1000n : 0n;
    const gasLeg = gas > 0n ? [fee(`${id}g`, amount(gas), s.value / 100, wallet)] : [];
    if (s.kind === 'acquire') {
      const raw = BigInt(s.part) * 10n ** 16n;
      add(s.wallet, s.asset, raw);
      return void txs.push(tx(when(), leg(id, 'in', 'income', coin, amount(raw), s.value, wallet)));
    }
    if (leaving === 0n) return;
    add(s.wallet, s.asset, -leaving);
    add(s.wallet, 0, -gas);
    if (s.kind === 'dispose')
      return void txs.push(tx(when(), leg(id, 'out', 'payment_out', coin, amount(leaving), s.value, wallet), ...gasLeg));
    if (s.kind === 'move') {
      const other = WALLETS[1 - s.wallet] as string;
      add(1 - s.wallet, s.asset, leaving);
      const legs = [
        leg(`${id}o`, 'out', 'own_transfer', coin, amount(leaving), s.value, wallet),
        leg(`${id}i`, 'in', 'own_transfer', coin, amount(leaving), s.value, other),
      ];
      return void txs.push(tx(when(), ...legs, ...gasLeg));
    }
    const got = BigInt(s.part) * 10n ** 15n;
    add(s.wallet, 1 - s.asset, got);
    txs.push(
      tx(
        when(),
        sell(id, coin, amount(leaving), s.value, wallet),
        buy(`${id}b`, ASSETS[1 - s.asset] as TestAsset, amount(got), s.value + 7, wallet),
        ...gasLeg,
      ),
    );
  });
  for (const [at, raw] of held) {
    const [wallet, asset] = at.split(':').map(Number) as [number, number];
    if (raw > 0n)
      txs.push(tx(when(), leg(`close${at}`, 'out', 'payment_out', ASSETS[asset] as TestAsset, amount(raw), 1234, WALLETS[wallet])));
  }
  return txs;
}

// `uk` per wallet too, though the settings refuse it (HMRC pools per person): a move between its wallets' pools leaves
// every disposal still waiting for its 30 days what it will take, so none finds its pool short.
const COMBINATIONS: [BasisMethod, BasisScope][] = (['fifo', 'lifo', 'hifo', 'average', 'uk'] as const).flatMap((method) =>
  (['universal', 'wallet'] as const).map((scope): [BasisMethod, BasisScope] => [method, scope]),
);

describe('replayBasis property', () => {
  it('with every lot closed and every value known, the total gain is the same for every method and scope, and every pool ties', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
        const history = historyOf(steps);
        const totals = COMBINATIONS.map(([method, scope]) => {
          const report = replay(history, { settings: settingsOf(method, scope), period: { start: 0, end: START + 400 * DAY } });
          expect(report.openLots).toEqual([]);
          expect(report.issues).toEqual([]);
          expect(unbalancedTies(report)).toEqual([]);
          expect(report.ties.every((tie) => tie.unknown === 0 && tie.open.isZero())).toBe(true);
          return Decimal.sum(0, ...[...report.gains].map((row) => row.gain as Decimal));
        });
        for (const total of totals)
          expect(
            total
              .sub(totals[0] as Decimal)
              .abs()
              .lt('1e-20'),
          ).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
