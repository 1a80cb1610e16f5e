import type { TokenInfo } from './World.js';
import { derivedAddress, ROLE } from './worldWallets.js';

/** Roles a scenario asks for; each chain maps them to a contract (`gov`: the fourth bulk token, USDT on mainnet). */
export type TokenKey =
  | 'usdc'
  | 'weth'
  | 'dai'
  | 'gov'
  | 'pix'
  | 'mystery'
  | 'nometa'
  | 'spamClaim'
  | 'spamEth'
  | 'spamUsdc'
  | 'spamFormula'
  | 'punks'
  | 'items'
  | 'lp'
  | 'spamUrl';

type TokenSpec = Omit<TokenInfo, 'address'> & { address?: string };

/** Real contract addresses for the well-known tokens, so spam detection can tell them from impersonators. */
const KNOWN: Readonly<Record<number, Partial<Record<TokenKey, TokenSpec>>>> = {
  1: {
    usdc: {
      address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      standard: 'erc20',
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: '6',
      note: 'stablecoin, 6 decimals',
    },
    weth: {
      address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
      standard: 'erc20',
      name: 'Wrapped Ether',
      symbol: 'WETH',
      decimals: '18',
      note: '',
    },
    dai: {
      address: '0x6b175474e89094c44da98b954eedeac495271d0f',
      standard: 'erc20',
      name: 'Dai Stablecoin',
      symbol: 'DAI',
      decimals: '18',
      note: '',
    },
    gov: {
      address: '0xdac17f958d2ee523a2206206994597c13d831ec7',
      standard: 'erc20',
      name: 'Tether USD',
      symbol: 'USDT',
      decimals: '6',
      note: '',
    },
  },
  10: {
    usdc: {
      address: '0x0b2c639c533813f4aa9d7837caf62653d097ff85',
      standard: 'erc20',
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: '6',
      note: '',
    },
    weth: {
      address: '0x4200000000000000000000000000000000000006',
      standard: 'erc20',
      name: 'Wrapped Ether',
      symbol: 'WETH',
      decimals: '18',
      note: '',
    },
    gov: {
      address: '0x4200000000000000000000000000000000000042',
      standard: 'erc20',
      name: 'Optimism',
      symbol: 'OP',
      decimals: '18',
      note: '',
    },
  },
  42161: {
    usdc: {
      address: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
      standard: 'erc20',
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: '6',
      note: '',
    },
    weth: {
      address: '0x82af49447d8a07e3bd95bd0d56f35241523fbab1',
      standard: 'erc20',
      name: 'Wrapped Ether',
      symbol: 'WETH',
      decimals: '18',
      note: '',
    },
    gov: {
      address: '0x912ce59144191c1204e64559fe8253a0e49e6548',
      standard: 'erc20',
      name: 'Arbitrum',
      symbol: 'ARB',
      decimals: '18',
      note: '',
    },
  },
};

const GENERIC: Readonly<Record<TokenKey, TokenSpec>> = {
  usdc: { standard: 'erc20', name: 'USD Coin', symbol: 'USDC', decimals: '6', note: '' },
  weth: { standard: 'erc20', name: 'Wrapped Ether', symbol: 'WETH', decimals: '18', note: '' },
  dai: { standard: 'erc20', name: 'Dai Stablecoin', symbol: 'DAI', decimals: '18', note: '' },
  gov: { standard: 'erc20', name: 'Governance', symbol: 'GOV', decimals: '18', note: '' },
  pix: { standard: 'erc20', name: 'Pixel Points', symbol: 'PIX', decimals: '0', note: 'a real 0-decimals token' },
  mystery: { standard: 'erc20', name: '', symbol: '', decimals: '', note: 'unknown decimals: tokenDecimal ""' },
  nometa: { standard: 'erc20', name: '', symbol: '', decimals: '0', note: 'unknown metadata: tokenDecimal "0" with empty name and symbol' },
  spamClaim: {
    standard: 'erc20',
    name: 'Visit claim-rewards.xyz to claim',
    symbol: 'CLAIM',
    decimals: '18',
    note: 'spam: URL in the name; sends 2^256-1',
  },
  spamEth: { standard: 'erc20', name: 'Ether', symbol: 'ETH', decimals: '18', note: 'spam: impersonates ETH' },
  spamUsdc: {
    standard: 'erc20',
    name: 'USD Coin',
    symbol: 'USDC',
    decimals: '6',
    note: 'spam: impersonates USDC from an unknown contract',
  },
  spamFormula: {
    standard: 'erc20',
    name: '=HYPERLINK("https://claim-rewards.xyz","Claim")',
    symbol: 'GIFT',
    decimals: '18',
    note: 'spam: spreadsheet formula in the name',
  },
  punks: { standard: 'erc721', name: 'Sandbox Punks', symbol: 'SPUNK', decimals: '0', note: 'ERC-721' },
  items: { standard: 'erc1155', name: 'Sandbox Items', symbol: 'SITEM', decimals: '', note: 'ERC-1155' },
  lp: {
    standard: 'erc20',
    name: 'Uniswap V2',
    symbol: 'UNI-V2',
    decimals: '18',
    note: 'pool token: minted on a liquidity add, returned to its pair (itself) on a remove',
  },
  spamUrl: {
    standard: 'erc20',
    name: 'pepe-coin.xyz',
    symbol: 'PEPE',
    decimals: '18',
    note: 'spam: a domain in the name, no call to action',
  },
};

/** Home chain: every token case. Other chains: the bulk tokens and one spam token. */
const HOME_KEYS: readonly TokenKey[] = Object.keys(GENERIC) as TokenKey[];
const OTHER_KEYS: readonly TokenKey[] = ['usdc', 'weth', 'gov', 'spamClaim', 'lp'];

export interface ChainTokens {
  readonly list: readonly TokenInfo[];
  readonly index: ReadonlyMap<TokenKey, number>;
}

export function worldTokens(seed: number, chainId: number, home: boolean): ChainTokens {
  const list: TokenInfo[] = [];
  const index = new Map<TokenKey, number>();
  (home ? HOME_KEYS : OTHER_KEYS).forEach((key, n) => {
    const spec = KNOWN[chainId]?.[key] ?? GENERIC[key];
    list.push({ ...spec, address: spec.address ?? derivedAddress(seed, ROLE.token, chainId * 100 + n) });
    index.set(key, list.length - 1);
  });
  return { list, index };
}
