import type { AddressBook } from './AddressBook.js';
import type { Amount, ChainBuilder } from './ChainBuilder.js';
import type { TokenKey } from './worldTokens.js';

/** What the DeFi shapes need of one chain's scenario. */
export interface DefiStage {
  readonly chainId: number;
  /** The world's first chain: it alone gets the spam-token cases. */
  readonly home: boolean;
  readonly b: ChainBuilder;
  readonly book: AddressBook;
  readonly main: number;
  readonly router: number;
  readonly zero: number;
  /** A stranger, picked by the scenario's seeded randomness. */
  counterparty(): number;
  token(tx: number, key: TokenKey, from: number, to: number, amount: Amount): void;
  tokenIndex(key: TokenKey): number;
  tokenContract(key: TokenKey): string;
  decimals(key: TokenKey): number;
  spam(to: number, key: TokenKey, amount: Amount): void;
}

/** One shape at a fixed unix time: the same on every chain, so a bridge's two legs land in order. */
export interface TimedShape {
  at: number;
  run: () => void;
}

/** Chains whose wrapped ether is WETH9 or its predeploy copy: no Transfer event on deposit or withdraw. */
const SILENT_WETH = new Set([1, 10]);
const OP_L1_BRIDGE = '0x99c9fc46f92e8a1c0dec1b1747d010903e884be1';
const OP_L2_BRIDGE = '0x4200000000000000000000000000000000000010';
const OP_L2_MESSENGER = '0x4200000000000000000000000000000000000007';
const ARB_SYS = '0x0000000000000000000000000000000000000064';
const ARB_BRIDGE = '0x8315177ab297ba92a06054ce80a67ed4dbd7ed3a';
const ARB_OUTBOX = '0x0b9857ae2d4a3dbe74ffe1d7df045bb7f96e4840';

const at = (iso: string): number => Date.parse(iso) / 1000;
const GAS = { swap: 182_000, liquidity: 214_000, wrap: 45_038, unwrap: 35_360, bridge: 96_000 } as const;

/**
 * The DeFi shapes of issue 17 on every chain of the world: a swap refunding unused ETH, a liquidity add (with
 * refund) and remove, a batched swap, a wrap and an unwrap (WETH9 silent on 1 and 10, listed on Arbitrum),
 * address poisoning, and bridges: mainnet → OP Mainnet (paired), Arbitrum → mainnet after the 7-day challenge
 * (paired), and an OP Mainnet withdrawal never finalised inside the world (unmatched).
 */
export function defiShapes(stage: DefiStage): TimedShape[] {
  const { b, main, router, chainId } = stage;
  const wethIndex = stage.tokenIndex('weth');
  const weth = stage.book.intern(stage.tokenContract('weth'));
  const pair = stage.book.intern(stage.tokenContract('lp'));
  const wethMove = (tx: number, from: number, to: number, amount: Amount): void => {
    if (SILENT_WETH.has(chainId)) b.silentToken(tx, wethIndex, stage.tokenContract('weth'), from, to, amount);
    else stage.token(tx, 'weth', from, to, amount);
  };
  const shapes: TimedShape[] = [
    {
      at: at('2025-03-03T10:00:00Z'),
      run: () => {
        const tx = b.tx({ from: main, to: router, value: { m: 5, e: 17 }, method: 'swapEthForExactTokens', gasUsed: GAS.swap });
        stage.token(tx, 'usdc', router, main, { m: 1000, e: 6 });
        b.internal(tx, { from: router, to: main, value: { m: 12_345, e: 12 } });
      },
    },
    {
      at: at('2025-03-10T10:00:00Z'),
      run: () => {
        const tx = b.tx({ from: main, to: router, value: { m: 3, e: 17 }, method: 'addLiquidityEth', gasUsed: GAS.liquidity });
        stage.token(tx, 'usdc', main, pair, { m: 900, e: 6 });
        stage.token(tx, 'lp', stage.zero, main, { m: 17, e: 15 });
        b.internal(tx, { from: router, to: main, value: { m: 4321, e: 11 } });
      },
    },
    {
      at: at('2025-03-20T10:00:00Z'),
      run: () => {
        const tx = b.tx({ from: main, to: router, method: 'multicall', gasUsed: GAS.swap });
        stage.token(tx, 'usdc', main, router, { m: 250, e: 6 });
        stage.token(tx, 'gov', main, router, { m: 3, e: stage.decimals('gov') });
        stage.token(tx, 'weth', router, main, { m: 21, e: 15 });
        b.internal(tx, { from: router, to: main, value: { m: 5, e: 15 } });
      },
    },
    {
      at: at('2025-04-10T10:00:00Z'),
      run: () => {
        const tx = b.tx({ from: main, to: router, method: 'removeLiquidityEth', gasUsed: GAS.liquidity });
        stage.token(tx, 'lp', main, pair, { m: 8, e: 15 });
        stage.token(tx, 'usdc', router, main, { m: 430, e: 6 });
        b.internal(tx, { from: router, to: main, value: { m: 14, e: 16 } });
      },
    },
    {
      at: at('2025-05-05T10:00:00Z'),
      run: () => {
        const tx = b.tx({ from: main, to: weth, value: { m: 3, e: 17 }, method: 'deposit', gasUsed: GAS.wrap });
        wethMove(tx, stage.zero, main, { m: 3, e: 17 });
      },
    },
    {
      at: at('2025-05-20T10:00:00Z'),
      run: () => {
        const tx = b.tx({ from: main, to: weth, method: 'withdraw', gasUsed: GAS.unwrap });
        wethMove(tx, main, stage.zero, { m: 1, e: 17 });
        b.internal(tx, { from: weth, to: main, value: { m: 1, e: 17 } });
      },
    },
    ...poisoning(stage),
  ];
  if (stage.home) shapes.push({ at: at('2025-06-05T10:00:00Z'), run: () => stage.spam(main, 'spamUrl', { m: 5, e: 18 }) });
  if (chainId === 1) {
    shapes.push(
      {
        at: at('2025-06-10T12:00:00Z'),
        run: () =>
          void b.tx({
            from: main,
            to: stage.book.intern(OP_L1_BRIDGE),
            value: { m: 75, e: 16 },
            method: 'depositEth',
            gasUsed: GAS.bridge,
          }),
      },
      {
        at: at('2025-07-08T13:00:00Z'),
        run: () => {
          const tx = b.tx({ from: main, to: stage.book.intern(ARB_OUTBOX), method: 'executeTransaction', gasUsed: GAS.bridge });
          b.internal(tx, { from: stage.book.intern(ARB_BRIDGE), to: main, value: { m: 4, e: 17 } });
        },
      },
    );
  }
  if (chainId === 10) {
    shapes.push(
      {
        at: at('2025-06-10T12:10:00Z'),
        run: () => {
          const tx = b.tx({
            from: stage.counterparty(),
            to: stage.book.intern(OP_L2_MESSENGER),
            method: 'relayMessage',
            gasUsed: GAS.bridge,
          });
          b.internal(tx, { from: stage.book.intern(OP_L2_BRIDGE), to: main, value: { m: 75, e: 16 } });
        },
      },
      {
        at: at('2025-08-01T10:00:00Z'),
        run: () =>
          void b.tx({
            from: main,
            to: stage.book.intern(OP_L2_BRIDGE),
            value: { m: 123, e: 15 },
            method: 'bridgeWithdraw',
            gasUsed: GAS.bridge,
          }),
      },
    );
  }
  if (chainId === 42161) {
    shapes.push({
      at: at('2025-07-01T12:00:00Z'),
      run: () =>
        void b.tx({ from: main, to: stage.book.intern(ARB_SYS), value: { m: 4, e: 17 }, method: 'withdrawEth', gasUsed: GAS.bridge }),
    });
  }
  return shapes;
}

/**
 * Main pays a stranger, then dust of the same real token arrives from a look-alike of that stranger (same first
 * and last 4 hex digits), hoping Main copies the wrong address from its history next time.
 */
function poisoning(stage: DefiStage): TimedShape[] {
  let paid = -1;
  return [
    {
      at: at('2025-06-01T10:00:00Z'),
      run: () => {
        paid = stage.counterparty();
        const tx = stage.b.tx({
          from: stage.main,
          to: stage.book.intern(stage.tokenContract('usdc')),
          method: 'transfer',
          gasUsed: 51_000,
        });
        stage.token(tx, 'usdc', stage.main, paid, { m: 50, e: 6 });
      },
    },
    {
      at: at('2025-06-02T10:00:00Z'),
      run: () => {
        const real = stage.book.at(paid);
        const lookalike = stage.book.intern(`${real.slice(0, 6)}${'e'.repeat(32)}${real.slice(-4)}`);
        const tx = stage.b.tx({ from: lookalike, to: stage.book.intern(stage.tokenContract('usdc')), method: 'transfer', gasUsed: 51_000 });
        stage.token(tx, 'usdc', lookalike, stage.main, { m: 1, e: 0 });
      },
    },
  ];
}
