import { describe, expect, it } from '@jest/globals';
import { type OpeningLotsContext, OPENING_LOT_COLUMNS, parseOpeningLots } from '../../src/costbasis/parseOpeningLots.js';
import { exitCodeFor } from '../../src/errors/exitCode.js';
import { inputErrorOf } from '../support/inputErrorOf.js';

const WALLET = '0xf09481c386e8817c93c8f7b13edb075f517cd647';
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const HEADER = OPENING_LOT_COLUMNS.join(',');
const universal: OpeningLotsContext = { scope: 'universal', wallets: [WALLET], chains: [1, 8453], timezone: 'Europe/Berlin' };
const perWallet: OpeningLotsContext = { ...universal, scope: 'wallet' };

const parse = (lines: readonly string[], context = universal) => parseOpeningLots([HEADER, ...lines].join('\n'), 'lots.csv', context);

/** The one line the file is refused with (exit 2), without its prefix. */
function refusal(lines: readonly string[], context = universal): string {
  const error = inputErrorOf(() => parse(lines, context));
  expect(exitCodeFor(error)).toBe(2);
  expect(error.message).not.toContain('\n');
  return error.shortMessage.replace(/^opening lots file lots\.csv has \d+ bad lines?: /, '');
}

describe('parseOpeningLots', () => {
  it('reads a good file: base units from decimals, unknown cost as null, native as empty, quoted cells, CRLF and a BOM', () => {
    const text = [
      `\uFEFF${HEADER.toUpperCase()}`,
      `,1,ETH,native,cex-1,2023-05-01T12:00:00Z,1.5,2400.10,18`,
      `"",8453,"USDC",${USDC.toUpperCase().replace('0X', '0x')},cex-2,2023-06-01T09:30,"1000",,6`,
      `,1,ETH,,gift,2023-07-01T00:00:00+02:00,0.000000000000000001,0,18`,
      '',
    ].join('\r\n');
    expect(parseOpeningLots(text, 'lots.csv', universal)).toEqual([
      {
        wallet: null,
        chainId: 1,
        asset: 'ETH',
        assetContract: '',
        lotId: 'cex-1',
        acquiredAt: Date.parse('2023-05-01T12:00:00Z') / 1000,
        quantity: 1_500_000_000_000_000_000n,
        cost: expect.objectContaining({}),
        decimals: 18,
      },
      // A wall time without an offset is read in the job's zone (Berlin, summer: UTC+2).
      expect.objectContaining({
        assetContract: USDC,
        acquiredAt: Date.parse('2023-06-01T07:30:00Z') / 1000,
        quantity: 1_000_000_000n,
        cost: null,
      }),
      expect.objectContaining({ lotId: 'gift', acquiredAt: Date.parse('2023-06-30T22:00:00Z') / 1000, quantity: 1n }),
    ]);
    const [first, , third] = parseOpeningLots(text, 'lots.csv', universal);
    expect(first?.cost?.toString()).toBe('2400.1');
    // A cost of 0 written as such is a real 0, unlike an empty cell.
    expect(third?.cost?.isZero()).toBe(true);
    expect(parse([], universal)).toEqual([]);
  });

  it('takes a wallet of the job per wallet, lowercase', () => {
    const [lot] = parse([`${WALLET.toUpperCase().replace('0X', '0x')},1,ETH,,a,2023-05-01T12:00:00Z,1,100,18`], perWallet);
    expect(lot?.wallet).toBe(WALLET);
  });

  it('refuses the file without its header, and a line that is no CSV', () => {
    const error = inputErrorOf(() => parseOpeningLots('wallet,asset,quantity\n,ETH,1\n', 'lots.csv', universal));
    expect(error.shortMessage).toBe(`opening lots file lots.csv line 1: the header must be ${HEADER}`);
    const quote = inputErrorOf(() => parseOpeningLots(`${HEADER}\n,1,"ETH,,a,2023-05-01T12:00:00Z,1,1,18\n`, 'lots.csv', universal));
    expect(quote.shortMessage).toMatch(/^opening lots file lots\.csv line 2: not a CSV line: a quote is not closed/);
  });

  it('names every bad line with its line number and cell, each kind of mistake', () => {
    const good = {
      wallet: '',
      chain: '1',
      asset: 'ETH',
      contract: '',
      id: 'x',
      at: '2023-05-01T12:00:00Z',
      qty: '1',
      cost: '1',
      decimals: '18',
    };
    const line = (change: Partial<typeof good>): string => Object.values({ ...good, ...change }).join(',');
    const cases: [string, string, OpeningLotsContext?][] = [
      [line({ wallet: WALLET }), `wallet "${WALLET}" is given but the scope is universal`],
      [line({}), 'wallet is empty (give the wallet that holds the lot: the scope is per wallet)', perWallet],
      [line({ wallet: '0x1234' }), 'wallet "0x1234" is not a 20-byte hex address', perWallet],
      [line({ wallet: USDC }), `wallet ${USDC} is not one of the job's wallets`, perWallet],
      [line({ chain: 'eth' }), 'chain_id "eth" is not a chain id (e.g. 1)'],
      [line({ chain: '10' }), "chain_id 10 is not one of the job's chains (use one of 1, 8453)"],
      [line({ asset: '' }), "asset is empty (give the token's symbol, e.g. ETH)"],
      [line({ contract: 'usdc' }), 'asset_contract "usdc" is not a 20-byte hex address'],
      [line({ id: '' }), 'lot_id is empty'],
      [line({ at: '2023-05-01' }), 'acquired_at "2023-05-01" is not an instant (use ISO 8601 with a time, e.g. 2023-05-01T12:00:00Z'],
      [line({ at: '2023-02-30T12:00:00Z' }), 'acquired_at "2023-02-30T12:00:00Z" is not on the calendar'],
      [line({ qty: '-1' }), 'quantity "-1" is not a plain positive decimal in whole units'],
      [line({ qty: '1e3' }), 'quantity "1e3" is not a plain positive decimal'],
      [line({ qty: '0.000' }), 'quantity 0.000 is 0'],
      [line({ qty: '1.1234567', decimals: '6' }), 'quantity 1.1234567 has 7 fractional digits but decimals is 6'],
      [line({ cost: '-5' }), 'cost "-5" is not a plain decimal in the book currency, such as 1250.50 (leave it empty when unknown'],
      [line({ cost: '1,5' }).replace('1,5', '"1,5"'), 'cost "1,5" is not a plain decimal'],
      [line({ decimals: '' }), 'decimals "" is not a whole number from 0 to 77'],
      [line({ decimals: '78' }), 'decimals "78" is not a whole number from 0 to 77'],
      [`${line({})},extra`, 'has 10 cells where 9 are needed'],
    ];
    for (const [text, says, context] of cases) expect(refusal([text], context)).toContain(`line 2 ${says}`);
    expect(refusal([line({ id: 'a' }), line({ id: 'a' })])).toBe('line 3 lot_id "a" is also on line 2 (give each lot its own id)');
  });

  it('lists several bad lines in one line, the first ten named and the rest counted', () => {
    const bad = Array.from({ length: 12 }, (_, index) => `,1,ETH,,l${index},2023-05-01T12:00:00Z,x,1,18`);
    const error = inputErrorOf(() => parse(bad));
    expect(error.message).not.toContain('\n');
    expect(error.shortMessage).toMatch(/^opening lots file lots\.csv has 12 bad lines: line 2 quantity "x"/);
    expect(error.shortMessage).toContain('line 11 quantity "x"');
    expect(error.shortMessage).not.toContain('line 12 ');
    expect(error.shortMessage).toMatch(/; and 2 more$/);
    expect(error.message).toContain('fix: correct the lines and run again');
  });
});
