import { describe, expect, it } from '@jest/globals';
import type { RowChange } from '../../src/filing/diffFile.js';
import { gainChanges } from '../../src/filing/gainChanges.js';

const HEADER = 'entry_id,lot_id,tx_hash,asset,proceeds,selling_costs,cost_basis,gain,method';
const file = (...rows: string[]): string => `${[HEADER, ...rows].join('\n')}\n`;
const none = { ledger: [], settings: [], ruleTxs: new Map<string, string[]>() };
const added = (key: string): RowChange => ({ change: 'added', key, fields: [], row: { entry_id: key } });

/** gains.csv filed and now, disposal by disposal: each changed gain with why, and the total to amend. */
describe('gain changes since filed', () => {
  const filed = file(
    'd1,l1,0x1,ETH,100.00,1.00,50.00,49.00,fifo',
    'd1,l2,0x1,ETH,50.00,0.50,20.00,29.50,fifo',
    'd2,l3,0x2,ETH,10.00,0.00,5.00,5.00,fifo',
    'd3,l4,0x3,ETH,10.00,0.00,5.00,5.00,fifo',
  );

  it('finds nothing when every disposal sums to the same gain, whatever its rows', () => {
    const same = gainChanges(filed, filed, none);
    expect(same).toEqual({ changes: [], filedTotal: '88.50', nowTotal: '88.50', difference: '0.00' });
  });

  it("names a price of the disposal, a lot revealed late, its lots' cost, and a disposal added or removed", () => {
    const now = file(
      'd1,l1,0x1,ETH,110.00,1.00,50.00,59.00,fifo',
      'd1,l2,0x1,ETH,50.00,0.50,20.00,29.50,fifo',
      'd2,late,0x2,ETH,10.00,0.00,8.00,2.00,fifo',
      'd4,l5,0x4,ETH,7.00,0.00,,,fifo',
    );
    const result = gainChanges(filed, now, { ...none, ledger: [added('late'), added('d4')] });
    expect(result.changes.map((change) => [change.entryId, change.change, change.filed, change.now, change.reason])).toEqual([
      ['d1', 'changed', '78.50', '88.50', 'a price: its proceeds 150.00 → 160.00'],
      ['d2', 'changed', '5.00', '2.00', 'it took lots of a transaction revealed late: late'],
      ['d4', 'added', '', '', 'a disposal the filed run did not have: its transaction is listed now'],
      ['d3', 'removed', '5.00', '', 'no longer a disposal (its category changed)'],
    ]);
    // The known gains summed: 88.50 filed, 88.50 + 2.00 now.
    expect([result.filedTotal, result.nowTotal, result.difference]).toEqual(['88.50', '90.50', '2.00']);
  });

  it('puts a changed cost-basis setting and a rule before what the rows say', () => {
    const now = file('d2,l3,0x2,ETH,10.00,0.00,6.00,4.00,hifo');
    const settings = [{ path: 'costBasis.method', filed: '"fifo"', now: '"hifo"' }];
    expect(gainChanges(filed, now, { ...none, settings }).changes[0]?.reason).toBe(
      'cost-basis settings changed: costBasis.method: "fifo" → "hifo"',
    );
    const ruleTxs = new Map([['0x2', ['rule 3 (trade) added']]]);
    expect(gainChanges(filed, now, { ...none, ruleTxs }).changes[0]?.reason).toBe('rule 3 (trade) added');
    expect(gainChanges(filed, now, none).changes[0]?.reason).toBe("a price: its lots' cost 5.00 → 6.00");
  });
});
