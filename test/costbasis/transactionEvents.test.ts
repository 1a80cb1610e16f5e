import { describe, expect, it } from '@jest/globals';
import type { BasisEvent } from '../../src/costbasis/BasisEvent.js';
import { transactionEvents } from '../../src/costbasis/transactionEvents.js';
import { ARB_ETH, cents, ETH, fee, leg, sell, buy, TKN, tx, units, USDC, W1, W2, WETH } from './legs.js';

const REMOVE = { unclassifiedOut: 'remove' } as const;

/** Each event as [type, entry id, quantity, money (proceeds/cost), selling costs, target] for compact tables. */
function brief(events: readonly BasisEvent[]): unknown[] {
  return events.map((event) => {
    switch (event.type) {
      case 'dispose':
        return ['dispose', event.entryId, event.quantity, cents(event.proceeds), cents(event.sellingCosts), event.kind];
      case 'acquire':
        return ['acquire', event.entryId, event.quantity, cents(event.cost), event.income === undefined ? null : cents(event.income.value)];
      case 'remove':
        return ['remove', event.entryId, event.quantity, event.kind];
      case 'move':
        return ['move', event.entryId, event.quantity, 'transitTo' in event.target ? event.target.transitTo : event.target.holding.wallet];
      case 'arrive':
        return ['arrive', event.entryId, event.quantity, event.transitFrom];
    }
  });
}

describe('transactionEvents', () => {
  it('T4: a swap with gas is the fee disposal first, the sent coin with the fee as selling cost, then the bought lot', () => {
    const legs = tx('2024-05-01', buy('usdc', USDC, '3000', 3000), sell('eth', ETH, '1', 3000), fee('gas', '0.01', 30));
    const { events, issues } = transactionEvents(legs, REMOVE);
    expect(brief(events)).toEqual([
      ['dispose', 'gas', units('0.01'), 30, 0, 'fee'],
      ['dispose', 'eth', units('1'), 3000, 30, 'trade'],
      ['acquire', 'usdc', units('3000', 6), 3000, null],
    ]);
    expect(events.map((event) => event.phase)).toEqual([0, 1, 3]);
    expect(issues).toEqual([]);
  });

  it('nets a refund: 1.1 ETH sent and 0.1 back is one disposal of 1 ETH at the sent side’s price', () => {
    const legs = tx(
      '2024-05-01',
      sell('eth', ETH, '1.1', 3300),
      buy('usdc', USDC, '3000', null),
      leg('back', 'in', 'trade', ETH, '0.1', 300),
    );
    const { events, issues } = transactionEvents(legs, REMOVE);
    expect(brief(events)).toEqual([
      ['dispose', 'eth', units('1'), 3000, 0, 'trade'],
      ['acquire', 'usdc', units('3000', 6), 3000, null],
    ]);
    expect(issues.map((issue) => [issue.entryId, issue.issue])).toEqual([
      ['eth', 'valued_by_sent_leg'],
      ['usdc', 'valued_by_sent_leg'],
    ]);
  });

  it('T5: proceeds from the received side, else the sent side (valued_by_sent_leg), else unknown — never 0', () => {
    const received = transactionEvents(tx('2024-05-01', sell('eth', ETH, '1', 3000), buy('usdc', USDC, '2950', 2950)), REMOVE);
    expect(brief(received.events)).toEqual([
      ['dispose', 'eth', units('1'), 2950, 0, 'trade'],
      ['acquire', 'usdc', units('2950', 6), 2950, null],
    ]);
    const bySent = transactionEvents(tx('2024-05-01', sell('eth', ETH, '1', 3000), buy('usdc', USDC, '2950', null)), REMOVE);
    expect(brief(bySent.events)).toEqual([
      ['dispose', 'eth', units('1'), 3000, 0, 'trade'],
      ['acquire', 'usdc', units('2950', 6), 3000, null],
    ]);
    expect(bySent.events.map((event) => event.flags)).toEqual([['valued_by_sent_leg'], ['valued_by_sent_leg']]);
    const neither = transactionEvents(tx('2024-05-01', sell('eth', ETH, '1', null), buy('usdc', USDC, '2950', null)), REMOVE);
    expect(brief(neither.events)).toEqual([
      ['dispose', 'eth', units('1'), null, 0, 'trade'],
      ['acquire', 'usdc', units('2950', 6), null, null],
    ]);
    expect(neither.issues.map((issue) => [issue.entryId, issue.issue, issue.detail])).toEqual([
      ['eth', 'unknown_price', 'no value: no_price'],
      ['usdc', 'unknown_price', 'no value: no_price'],
    ]);
  });

  it('T20: several sent assets share V by their own values; an unpriced LP token costs V', () => {
    const legs = tx('2024-05-01', sell('eth', ETH, '1', 3000), sell('usdc', USDC, '3000', 3000), buy('lp', TKN, '10', null));
    expect(brief(transactionEvents(legs, REMOVE).events)).toEqual([
      ['dispose', 'eth', units('1'), 3000, 0, 'trade'],
      ['dispose', 'usdc', units('3000', 6), 3000, 0, 'trade'],
      ['acquire', 'lp', units('10'), 6000, null],
    ]);
    const unequal = tx('2024-05-01', sell('eth', ETH, '1', 3000), sell('usdc', USDC, '1000', 1000), buy('lp', TKN, '10', 4400));
    expect(brief(transactionEvents(unequal, REMOVE).events).slice(0, 2)).toEqual([
      ['dispose', 'eth', units('1'), 3300, 0, 'trade'],
      ['dispose', 'usdc', units('1000', 6), 1100, 0, 'trade'],
    ]);
  });

  it('a trade that received only spam or an NFT is valued by what it sent', () => {
    const spam = { ...buy('junk', TKN, '1000000', null), spam: 'url_in_name' };
    const nft = { ...buy('nft', TKN, '1', null), kind: 'erc721' as const };
    for (const received of [spam, nft]) {
      const { events } = transactionEvents(tx('2024-05-01', sell('eth', ETH, '1', 3000), received), REMOVE);
      expect(brief(events)).toEqual([['dispose', 'eth', units('1'), 3000, 0, 'trade']]);
      expect(events[0]?.flags).toEqual(['valued_by_sent_leg']);
    }
  });

  it('T10: a claim’s fee is added to the cost of what it acquired; the income stays at value', () => {
    const legs = tx('2024-05-01', leg('drop', 'in', 'airdrop', TKN, '100', 500), fee('gas', '0.002', 6));
    expect(brief(transactionEvents(legs, REMOVE).events)).toEqual([
      ['dispose', 'gas', units('0.002'), 6, 0, 'fee'],
      ['acquire', 'drop', units('100'), 506, 500],
    ]);
  });

  it('fees are split over the wallet’s disposals by proceeds, and an unknown fee leaves the selling costs unknown', () => {
    const legs = tx(
      '2024-05-01',
      leg('pay', 'out', 'payment_out', USDC, '100', 100),
      sell('eth', ETH, '1', 300),
      buy('tkn', TKN, '5', 300),
      fee('gas', '0.01', 40),
    );
    expect(brief(transactionEvents(legs, REMOVE).events).slice(1, 3)).toEqual([
      ['dispose', 'pay', units('100', 6), 100, 10, 'payment'],
      ['dispose', 'eth', units('1'), 300, 30, 'trade'],
    ]);
    const unknown = transactionEvents(
      tx('2024-05-01', sell('eth', ETH, '1', 300), buy('tkn', TKN, '5', 300), fee('gas', '0.01', null)),
      REMOVE,
    );
    expect(brief(unknown.events)[1]).toEqual(['dispose', 'eth', units('1'), 300, null, 'trade']);
  });

  it('T7: an own transfer is a move to the other wallet, its fee unallocated', () => {
    const legs = tx(
      '2024-05-01',
      leg('out', 'out', 'own_transfer', ETH, '0.5', 2000, W1),
      fee('gas', '0.01', 40, W1),
      leg('in', 'in', 'own_transfer', ETH, '0.5', 2000, W2),
    );
    const { events } = transactionEvents(legs, REMOVE);
    expect(brief(events)).toEqual([
      ['dispose', 'gas', units('0.01'), 40, 0, 'fee'],
      ['move', 'out', units('0.5'), W2],
    ]);
  });

  it('a wrap moves ETH into WETH in the same wallet; an unpaired own transfer is an unclassified transfer', () => {
    const wrap = tx('2024-03-01', leg('eth', 'out', 'wrap', ETH, '1', 3000), leg('weth', 'in', 'wrap', WETH, '1', 3000));
    const [move] = transactionEvents(wrap, REMOVE).events;
    expect(move).toMatchObject({ type: 'move', entryId: 'eth', target: { holding: { wallet: W1, asset: 'WETH' }, quantity: units('1') } });
    const lone = transactionEvents(tx('2024-03-01', leg('half', 'out', 'own_transfer', ETH, '1', 3000)), REMOVE);
    expect(brief(lone.events)).toEqual([['remove', 'half', units('1'), 'own_transfer']]);
    expect(lone.issues.map((issue) => issue.issue)).toEqual(['unclassified_out']);
  });

  it('a paired bridge leg sends its lots in transit to its partner; an unpaired one is unclassified', () => {
    const out = {
      ...leg('out', 'out', 'bridge', ETH, '1', 3000),
      bridge: { role: 'to' as const, chainId: 42161, txHash: '0xb', entryId: 'in' },
    };
    const arrived = {
      ...leg('in', 'in', 'bridge', ARB_ETH, '1', 3000),
      bridge: { role: 'from' as const, chainId: 1, txHash: '0xa', entryId: 'out' },
    };
    expect(brief(transactionEvents(tx('2024-03-01', out), REMOVE).events)).toEqual([['move', 'out', units('1'), 'in']]);
    expect(brief(transactionEvents(tx('2024-03-01', arrived), REMOVE).events)).toEqual([['arrive', 'in', units('1'), 'out']]);
    const lone = transactionEvents(tx('2024-03-01', leg('in2', 'in', 'bridge', ARB_ETH, '1', 3000)), REMOVE);
    expect(brief(lone.events)).toEqual([['acquire', 'in2', units('1'), 3000, null]]);
    expect(lone.issues.map((issue) => issue.issue)).toEqual(['unclassified_in']);
  });

  it('categories: income at value, gifts and losses removed, payments disposed, transfers out by the setting', () => {
    const legs = tx(
      '2024-03-01',
      leg('stake', 'in', 'staking_reward', ETH, '0.1', 250),
      leg('gift', 'in', 'gift_in', TKN, '1', 10),
      leg('mint', 'in', 'mint', TKN, '1', 10),
      leg('give', 'out', 'gift_out', ETH, '0.1', 250),
      leg('cost', 'out', 'cost', USDC, '5', 5),
      leg('send', 'out', 'transfer', ETH, '0.2', 500),
    );
    expect(brief(transactionEvents(legs, REMOVE).events)).toEqual([
      ['remove', 'give', units('0.1'), 'gift_out'],
      ['dispose', 'cost', units('5', 6), 5, 0, 'cost'],
      ['remove', 'send', units('0.2'), 'transfer'],
      ['acquire', 'stake', units('0.1'), 250, 250],
      ['acquire', 'gift', units('1'), 10, null],
      ['acquire', 'mint', units('1'), 10, null],
    ]);
    const disposed = transactionEvents(legs, { unclassifiedOut: 'dispose' });
    expect(brief(disposed.events)[2]).toEqual(['dispose', 'send', units('0.2'), 500, 0, 'transfer']);
    expect(disposed.issues.map((issue) => [issue.entryId, issue.issue])).toEqual([
      ['send', 'unclassified_out'],
      ['mint', 'unclassified_in'],
    ]);
  });

  it('spam and NFTs take no part; a leg of unknown decimals neither, named as an issue', () => {
    const legs = tx(
      '2024-03-01',
      { ...leg('spam', 'in', 'transfer', TKN, '1000', null), spam: 'deny_list' },
      { ...leg('nft', 'in', 'transfer', TKN, '1', null), kind: 'erc1155' },
      leg('odd', 'in', 'transfer', { ...TKN, decimals: null }, '77', null),
      fee('gas', '0.001', 3),
    );
    const { events, issues } = transactionEvents(legs, REMOVE);
    expect(brief(events)).toEqual([['dispose', 'gas', units('0.001'), 3, 0, 'fee']]);
    expect(issues).toEqual([{ entryId: 'odd', issue: 'unknown_decimals', quantity: 77n, decimals: null, detail: expect.any(String) }]);
  });
});
