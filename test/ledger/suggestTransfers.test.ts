import { describe, expect, it } from '@jest/globals';
import { type CandidateLeg, suggestTransfers } from '../../src/ledger/suggestTransfers.js';

const MAIN = '0x1111111111111111111111111111111111111111';
const TRADING = '0x2222222222222222222222222222222222222222';
const EXCHANGE = '0x3333333333333333333333333333333333333333';
const STRANGER = '0x4444444444444444444444444444444444444444';
const USDC_L1 = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831';
const T0 = 1_750_000_000;
const owned = new Set([MAIN, TRADING]);

let n = 0;
function leg(fields: Partial<CandidateLeg> & Pick<CandidateLeg, 'direction' | 'amount'>): CandidateLeg {
  n += 1;
  return {
    entryId: `x${n.toString(16).padStart(16, '0')}`,
    timestamp: T0,
    chainId: 1,
    txHash: `0x${n.toString(16).padStart(64, '0')}`,
    wallet: MAIN,
    walletLabel: 'Main',
    asset: 'USDC',
    assetContract: USDC_L1,
    tokenId: '',
    decimals: 6,
    counterparty: EXCHANGE,
    counterpartyLabel: 'Sandbox Exchange 1',
    category: 'transfer',
    note: '',
    spam: '',
    ...fields,
  };
}

/** An exchange deposit from Main and, `later` seconds on, what arrives in Trading from the exchange. */
function throughExchange(later: number, arrived: Partial<CandidateLeg> = {}): [CandidateLeg, CandidateLeg] {
  return [
    leg({ direction: 'out', amount: '1000' }),
    leg({ direction: 'in', amount: '999', wallet: TRADING, walletLabel: 'Trading', timestamp: T0 + later, ...arrived }),
  ];
}

const pairs = (legs: CandidateLeg[], dismissed: string[] = [], windowSeconds?: number): string[][] =>
  suggestTransfers(legs, { owned, dismissed: new Set(dismissed), ...(windowSeconds === undefined ? {} : { windowSeconds }) }).map((one) => [
    one.sent,
    one.arrived,
  ]);

describe('suggestTransfers', () => {
  const cases: [string, [CandidateLeg, CandidateLeg], boolean][] = [
    ['a fee-sized difference (0.1%) through an exchange', throughExchange(3 * 3600), true],
    ['more than a fee missing (6%)', throughExchange(3 * 3600, { amount: '940' }), false],
    ['more arriving than left', throughExchange(3 * 3600, { amount: '1000.01' }), false],
    ['arriving before leaving', throughExchange(-60), false],
    ['outside the bridge window (9 days)', throughExchange(9 * 24 * 3600), false],
    [
      'a different asset',
      throughExchange(3600, { asset: 'DAI', assetContract: '0x6b175474e89094c44da98b954eedeac495271d0f', decimals: 18 }),
      false,
    ],
    ['the bridged twin on another chain', throughExchange(600, { chainId: 42161, assetContract: USDC_ARB, counterpartyLabel: '' }), true],
    [
      'a token of the same symbol but other decimals on another chain',
      throughExchange(600, { chainId: 42161, assetContract: USDC_ARB, decimals: 18 }),
      false,
    ],
    ['an arrival already paired by a rule', throughExchange(3600, { note: 'rule:7' }), false],
    ['an arrival already an own transfer', throughExchange(3600, { category: 'own_transfer' }), false],
    ['spam', throughExchange(3600, { spam: 'unsolicited' }), false],
    [
      'nothing ties them: strangers on both sides of one chain',
      [
        leg({ direction: 'out', amount: '1000', counterparty: STRANGER, counterpartyLabel: '' }),
        leg({ direction: 'in', amount: '1000', wallet: TRADING, counterparty: STRANGER, counterpartyLabel: '', timestamp: T0 + 60 }),
      ],
      false,
    ],
    [
      'a third-party bridge: the same wallet, minutes later on another chain, a relayer fee short',
      [
        leg({
          direction: 'out',
          amount: '0.5',
          asset: 'ETH',
          assetContract: '',
          decimals: 18,
          chainId: 10,
          counterparty: STRANGER,
          counterpartyLabel: '',
        }),
        leg({
          direction: 'in',
          amount: '0.4995',
          asset: 'ETH',
          assetContract: '',
          decimals: 18,
          counterparty: STRANGER,
          counterpartyLabel: '',
          timestamp: T0 + 120,
        }),
      ],
      true,
    ],
    [
      'an unmatched canonical bridge leg, a fee short',
      [
        leg({
          direction: 'out',
          amount: '0.75',
          asset: 'ETH',
          assetContract: '',
          decimals: 18,
          category: 'bridge',
          note: 'bridge_unmatched',
          counterpartyLabel: '',
        }),
        leg({
          direction: 'in',
          amount: '0.7499',
          asset: 'ETH',
          assetContract: '',
          decimals: 18,
          chainId: 10,
          category: 'bridge',
          note: 'bridge_unmatched',
          counterpartyLabel: '',
          timestamp: T0 + 600,
        }),
      ],
      true,
    ],
    [
      'a canonical bridge leg already paired',
      [
        leg({
          direction: 'out',
          amount: '0.75',
          asset: 'ETH',
          assetContract: '',
          decimals: 18,
          category: 'bridge',
          note: 'bridged_to 10:0xab:x1',
          counterpartyLabel: '',
        }),
        leg({
          direction: 'in',
          amount: '0.75',
          asset: 'ETH',
          assetContract: '',
          decimals: 18,
          chainId: 10,
          category: 'bridge',
          note: 'bridge_unmatched',
          counterpartyLabel: '',
          timestamp: T0 + 600,
        }),
      ],
      false,
    ],
  ];
  it.each(cases)('%s', (_, legs, expected) => {
    expect(pairs(legs)).toEqual(expected ? [[legs[0].entryId, legs[1].entryId]] : []);
  });

  it('takes the window the user sets, never one past the bridge window', () => {
    const legs = throughExchange(5 * 3600);
    expect(pairs(legs, [], 4 * 3600)).toEqual([]);
    expect(pairs(legs, [], 6 * 3600)).toHaveLength(1);
    expect(pairs(throughExchange(9 * 24 * 3600), [], 30 * 24 * 3600)).toEqual([]);
  });

  it('puts each leg in one suggestion, the closer pair first, and forgets a dismissed pair', () => {
    const [out, near] = throughExchange(600);
    const far = leg({ direction: 'in', amount: '998', wallet: TRADING, walletLabel: 'Trading', timestamp: T0 + 2 * 24 * 3600 });
    const found = suggestTransfers([out, far, near], { owned });
    expect(found.map((one) => [one.sent, one.arrived])).toEqual([[out.entryId, near.entryId]]);
    expect(found[0]?.reason).toBe(
      '1000 USDC left Main on Ethereum Mainnet, 999 arrived in Trading on Ethereum Mainnet 10 min later (0.1% short, a fee): sent to Sandbox Exchange 1, an exchange deposit; withdrawn from Sandbox Exchange 1',
    );
    expect(pairs([out, far, near], [found[0]!.id])).toEqual([[out.entryId, far.entryId]]);
  });
});
