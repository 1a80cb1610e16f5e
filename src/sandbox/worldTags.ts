import type { WireAddressTag } from '../etherscan/WireAddressTag.js';
import type { World } from './World.js';
import { derivedAddress, ROLE } from './worldWallets.js';

/** The world's well-known contracts, numbered as `generateWorld` derives them (`chainId × 100 + n`). */
const CONTRACT = { bridge: 2, exchange: 3 } as const;
/** How many everyday counterparties `generateWorld` derives. */
const COUNTERPARTIES = 400;
const UNISWAP_V2_ROUTER = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d';
/** When the sandbox says the tags were last updated: the docs sample's value, so answers stay deterministic. */
const UPDATED = 1721899658;

interface TagShape {
  nametag: string;
  labels: string[];
  slugs: string[];
  reputation: number;
}

/**
 * Name tags the sandbox serves for a world's chain (`nametag getaddresstag`): its exchange, bridge and
 * router contracts, and the chain's three busiest everyday counterparties — one more exchange, one phishing
 * and one OFAC-sanctioned address — so every label rule meets real traffic at any scale. Derived from the
 * seed and the rows, so the world itself is unchanged.
 */
export function worldTags(world: World, chainId: number): ReadonlyMap<string, WireAddressTag> {
  const contract = (n: number): string => derivedAddress(world.seed, ROLE.contract, chainId * 100 + n);
  const busiest = busiestCounterparties(world, chainId);
  const counterparty = (rank: number): string => busiest[rank] ?? derivedAddress(world.seed, ROLE.counterparty, rank);
  const shapes: [string, TagShape][] = [
    [
      contract(CONTRACT.exchange),
      { nametag: 'Sandbox Exchange 1', labels: ['Sandbox Exchange', 'Exchange'], slugs: ['sandbox-exchange', 'exchange'], reputation: 0 },
    ],
    [
      counterparty(0),
      { nametag: 'Sandbox Exchange 2', labels: ['Sandbox Exchange', 'Exchange'], slugs: ['sandbox-exchange', 'exchange'], reputation: 0 },
    ],
    [contract(CONTRACT.bridge), { nametag: 'Sandbox: Canonical Bridge', labels: ['Bridge'], slugs: ['bridge'], reputation: 0 }],
    [UNISWAP_V2_ROUTER, { nametag: 'Uniswap V2: Router 2', labels: ['Uniswap', 'DEX'], slugs: ['uniswap', 'dex'], reputation: 0 }],
    [counterparty(1), { nametag: 'Fake_Phishing1', labels: ['Phish / Hack'], slugs: ['phish-hack'], reputation: 2 }],
    [counterparty(2), { nametag: '', labels: ['OFAC Sanctioned'], slugs: ['ofac-sanctioned'], reputation: 2 }],
  ];
  return new Map(
    shapes.map(([address, shape]) => [
      address,
      {
        address,
        nametag: shape.nametag,
        internal_nametag: '',
        url: '',
        shortdescription: '',
        notes_1: '',
        notes_2: '',
        labels: shape.labels,
        labels_slug: shape.slugs,
        reputation: shape.reputation,
        other_attributes: [],
        lastupdatedtimestamp: UPDATED,
      },
    ]),
  );
}

/**
 * The addresses of one label export (`exportaddresstags`) of a chain: every tagged address carrying the
 * label's slug, and for `ofac-sanctioned` the chain's fourth-busiest counterparty too, which has no name
 * tag — so a list can screen an address `getaddresstag` says nothing about.
 */
export function worldLabelList(world: World, chainId: number, label: string): string[] {
  const tagged = [...worldTags(world, chainId).values()].filter((tag) => tag.labels_slug.includes(label)).map((tag) => tag.address);
  const listOnly = label === 'ofac-sanctioned' ? busiestCounterparties(world, chainId)[3] : undefined;
  return listOnly === undefined ? tagged : [...tagged, listOnly];
}

/** The four busiest everyday counterparties of a chain, by how many transactions and token rows they appear in. */
function busiestCounterparties(world: World, chainId: number): string[] {
  const chain = world.chain(chainId);
  if (chain === undefined) return [];
  const counts = new Map<number, number>();
  for (let n = 0; n < COUNTERPARTIES; n++) {
    const index = world.addresses.find(derivedAddress(world.seed, ROLE.counterparty, n));
    if (index !== undefined) counts.set(index, 0);
  }
  const count = (index: number): void => {
    const seen = counts.get(index);
    if (seen !== undefined) counts.set(index, seen + 1);
  };
  for (const table of [chain.txs, chain.tokentx]) {
    for (let row = 0; row < table.length; row++) {
      count(table.get('from', row));
      count(table.get('to', row));
    }
  }
  return [...counts]
    .sort(([a, countA], [b, countB]) => countB - countA || a - b)
    .slice(0, 4)
    .map(([index]) => world.addresses.at(index));
}
