import { describe, expect, it } from '@jest/globals';
import type { LotPiece } from '../../src/costbasis/Lot.js';
import { rescalePieces } from '../../src/costbasis/rescalePieces.js';
import { toMoney } from '../../src/costbasis/scaledMoney.js';
import { Decimal } from '../../src/ledger/money.js';
import { at, ETH, leg, replay, settingsOf, tx, yearOf } from './legs.js';

const money = (value: number): bigint => toMoney(new Decimal(value));
const piece = (lotId: string, quantity: bigint, cost: number | null, knownCost?: number): LotPiece => ({
  lotId,
  acquiredAt: 0,
  quantity,
  cost: cost === null ? null : money(cost),
  ...(knownCost === undefined ? {} : { knownCost: money(knownCost) }),
});
const costs = (pieces: readonly LotPiece[]): [string | null, bigint, bigint | null, bigint | undefined][] =>
  pieces.map((one) => [one.lotId, one.quantity, one.cost, one.knownCost]);

describe('rescalePieces: a wrap whose sides differ in decimals', () => {
  it('a piece that rounds to nothing gives its cost to the next piece: the cost that left is the cost that arrives', () => {
    // 18 decimals → 8: the first piece, 1 gwei, is 0 units of the target.
    const arrived = rescalePieces([piece('L1', 10n ** 9n, 5), piece('L2', 10n ** 18n, 2000)], 10n ** 18n + 10n ** 9n, 10n ** 8n);
    expect(costs(arrived)).toEqual([['L2', 10n ** 8n, money(2005), undefined]]);
  });

  it('an unknown cost on either side makes the carried sum unknown, its known part kept for the tie-out', () => {
    const from = 2n * 10n ** 9n + 10n ** 18n;
    const arrived = rescalePieces(
      [piece('L1', 10n ** 9n, null, 3), piece('L2', 10n ** 9n, 4), piece('L3', 10n ** 18n, 2000)],
      from,
      10n ** 8n,
    );
    expect(costs(arrived)).toEqual([['L3', 10n ** 8n, null, money(2007)]]);
    const unknown = rescalePieces([piece('L1', 10n ** 9n, null), piece('L3', 10n ** 18n, null)], 10n ** 18n + 10n ** 9n, 10n ** 8n);
    expect(costs(unknown)).toEqual([['L3', 10n ** 8n, null, undefined]]);
  });

  it('same units: the pieces unchanged', () => {
    const pieces = [piece('L1', 7n, 1), piece('L2', 3n, 2)];
    expect(rescalePieces(pieces, 10n, 10n)).toEqual(pieces);
  });

  it('through the replay: the wrapped token’s pool receives every cost the ETH pool moved out', () => {
    const W8 = { asset: 'W8', assetContract: '0x8000000000000000000000000000000000000008', decimals: 8 };
    const report = replay(
      [
        tx('2024-01-10', leg('L1', 'in', 'gift_in', ETH, '0.000000001', 5)),
        tx('2024-01-11', leg('L2', 'in', 'gift_in', ETH, '1', 2000)),
        tx('2024-02-01', leg('wrap', 'out', 'wrap', ETH, '1.000000001', 2005), leg('w8', 'in', 'wrap', W8, '1', 2005)),
      ],
      { settings: settingsOf('fifo'), period: yearOf(2024) },
    );
    const tie = (asset: string): { movedIn: string; movedOut: string } => {
      const found = report.ties.find((one) => one.asset === asset);
      if (found === undefined) throw new Error(`no tie of ${asset}`);
      return { movedIn: found.movedIn.toFixed(), movedOut: found.movedOut.toFixed() };
    };
    expect(tie('ETH')).toEqual({ movedIn: '0', movedOut: '2005' });
    expect(tie('W8')).toEqual({ movedIn: '2005', movedOut: '0' });
    expect(report.openLots.map((lot) => [lot.asset, lot.lotId, lot.acquiredAt, lot.quantity, lot.costBasis?.toFixed()])).toEqual([
      ['W8', 'L2', at('2024-01-11'), 10n ** 8n, '2005'],
    ]);
  });
});
