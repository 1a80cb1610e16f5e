import { findChain } from '../chains/chains.js';
import type { Stream } from '../etherscan/wire.js';
import type { WireAddressTag } from '../etherscan/WireAddressTag.js';
import { AccountLists, isListAction, type OmittedRecord } from './AccountLists.js';
import { API_TEXT } from './apiTexts.js';
import { ADDRESS, blockParam, tagBlock } from './apiParams.js';
import { type Envelope, type JsonRpc, notOk, ok } from './envelope.js';
import { ProxyRenderer } from './renderProxy.js';
import { WireRenderer } from './renderWire.js';
import { ethDailyPrice } from './ethDailyPrice.js';
import { worldLabelList, worldTags } from './worldTags.js';
import type { ChainData, World } from './World.js';

export interface SandboxApiOptions {
  /** Rows per page at most; a larger `offset` is silently capped (free tier: 1,000). */
  pageCap: number;
  /** Refuse list queries whose block range holds more rows than this (Query Timeout). */
  queryTimeoutRows?: number | undefined;
  /** Answer the free-tier refusal for chains the free plan does not serve. */
  freeTierOnly: boolean;
  omit: readonly OmittedRecord[];
  /** Actions answered as Etherscan answers one it does not know, as on an explorer that lacks them. */
  disabledActions?: readonly string[] | undefined;
}

/**
 * The Etherscan v2 API over a generated world, after the key and rate checks: chain checks,
 * then the action. Answers are plain JSON values; nothing here changes the world.
 */
export class SandboxApi {
  private readonly render: WireRenderer;
  private readonly proxyObjects: ProxyRenderer;
  private readonly lists: AccountLists;
  private readonly disabled: ReadonlySet<string>;
  private readonly tags = new Map<number, ReadonlyMap<string, WireAddressTag>>();

  constructor(
    private readonly world: World,
    private readonly options: SandboxApiOptions,
  ) {
    this.render = new WireRenderer(world);
    this.proxyObjects = new ProxyRenderer(world, this.render);
    this.lists = new AccountLists(world, this.render, options);
    this.disabled = new Set(options.disabledActions ?? []);
  }

  /** Serves held-back records from now on, as an explorer that indexed them late. */
  reveal(records: readonly OmittedRecord[]): void {
    this.lists.reveal(records);
  }

  answer(params: URLSearchParams): Envelope | JsonRpc {
    if (this.disabled.has(params.get('action') ?? '')) return notOk(API_TEXT.invalidAction);
    const chainText = params.get('chainid') ?? '';
    const chainId = /^[0-9]+$/.test(chainText) ? Number(chainText) : NaN;
    const known = findChain(chainId);
    if (known === undefined) return notOk(API_TEXT.chainId);
    if (this.options.freeTierOnly && !known.freeTier) return notOk(API_TEXT.freeTier);
    const chain = this.world.chain(chainId);
    if (chain === undefined) return notOk(API_TEXT.chainId);
    const module = params.get('module');
    const action = params.get('action') ?? '';
    if (isListAction(module, action)) return this.lists.list(chain, action as Stream, params);
    if (module === 'account') return this.account(chain, action, params);
    if (module === 'block' && action === 'getblocknobytime') return this.blockByTime(chain, params);
    if (module === 'proxy') return this.proxy(chain, action, params);
    if (module === 'nametag' && action === 'getaddresstag') return this.addressTags(chain, params);
    if (module === 'stats' && action === 'ethdailyprice') return ethDailyPrice(this.world, params);
    return notOk(API_TEXT.invalidAction);
  }

  // ---- balances -----------------------------------------------------------------------------

  private account(chain: ChainData, action: string, params: URLSearchParams): Envelope {
    const address = params.get('address') ?? '';
    const contract = params.get('contractaddress') ?? '';
    const head = chain.headBlock;
    switch (action) {
      case 'balance':
      case 'balancemulti': {
        const list = address.split(',');
        if (list.length > 20 || !list.every((a) => ADDRESS.test(a))) return notOk(API_TEXT.invalidAddress);
        const block = tagBlock(params.get('tag'), head);
        if (block === undefined) return notOk(API_TEXT.invalidBlock);
        if (action === 'balance' && list.length === 1) return ok(this.balance(chain, address, 'native', block));
        return ok(list.map((account) => ({ account: account.toLowerCase(), balance: this.balance(chain, account, 'native', block) })));
      }
      case 'balancehistory': {
        if (!ADDRESS.test(address)) return notOk(API_TEXT.invalidAddress);
        const block = blockParam(params.get('blockno'), -1);
        return block < 0 ? notOk(API_TEXT.invalidBlock) : ok(this.balance(chain, address, 'native', Math.min(block, head)));
      }
      case 'tokenbalance':
      case 'tokenbalancehistory': {
        if (!ADDRESS.test(address) || !ADDRESS.test(contract)) return notOk(API_TEXT.invalidAddress);
        const block = action === 'tokenbalance' ? tagBlock(params.get('tag'), head) : blockParam(params.get('blockno'), -1);
        if (block === undefined || block < 0) return notOk(API_TEXT.invalidBlock);
        return ok(this.balance(chain, address, contract, Math.min(block, head)));
      }
      default:
        return notOk(API_TEXT.invalidAction);
    }
  }

  /** Tracked wallets have their full history; for anyone else the world holds only part of it, so never below 0. */
  private balance(chain: ChainData, address: string, asset: string, block: number): string {
    const value = this.world.expectedBalance(chain.chainId, address, asset.toLowerCase(), block);
    return (value < 0n ? 0n : value).toString();
  }

  /** Up to 100 comma-separated addresses; the tagged ones come back, in the order asked. */
  private addressTags(chain: ChainData, params: URLSearchParams): Envelope {
    const list = (params.get('address') ?? '').split(',');
    if (list.length > 100 || !list.every((a) => ADDRESS.test(a))) return notOk(API_TEXT.invalidAddress);
    let tags = this.tags.get(chain.chainId);
    if (tags === undefined) this.tags.set(chain.chainId, (tags = worldTags(this.world, chain.chainId)));
    return ok(list.flatMap((address) => tags.get(address.toLowerCase()) ?? []));
  }

  /**
   * The CSV file an `exportaddresstags` answer links to, in the docs' example format (semicolons, every cell
   * quoted, the getaddresstag columns); `undefined` for a chain the world does not have.
   */
  labelExport(chainId: number, label: string): string | undefined {
    if (this.world.chain(chainId) === undefined) return undefined;
    const tags = worldTags(this.world, chainId);
    const header = [
      'address',
      'nametag',
      'internal_nametag',
      'url',
      'shortdescription',
      'notes_1',
      'notes_2',
      'labels',
      'labels_slug',
      'reputation',
      'other_attributes',
      'lastupdatedtimestamp',
    ];
    const lines = worldLabelList(this.world, chainId, label).map((address) => {
      const tag = tags.get(address);
      return [
        address,
        tag?.nametag ?? '',
        '',
        '',
        '',
        '',
        '',
        (tag?.labels ?? []).join(','),
        (tag?.labels_slug ?? [label]).join(','),
        String(tag?.reputation ?? 2),
        '',
        String(tag?.lastupdatedtimestamp ?? 0),
      ];
    });
    return [header, ...lines].map((cells) => cells.map((cell) => `"${cell}"`).join(';')).join('\r\n') + '\r\n';
  }

  private blockByTime(chain: ChainData, params: URLSearchParams): Envelope {
    const timestamp = params.get('timestamp') ?? '';
    if (!/^[0-9]+$/.test(timestamp)) return notOk(API_TEXT.invalidTimestamp);
    const closest = params.get('closest') === 'after' ? 'after' : 'before';
    const block = this.world.blockByTime(chain.chainId, Number(timestamp), closest);
    return block === null ? notOk(API_TEXT.noClosestBlock) : ok(String(block));
  }

  // ---- proxy --------------------------------------------------------------------------------

  private proxy(chain: ChainData, action: string, params: URLSearchParams): Envelope | JsonRpc {
    if (action === 'eth_blockNumber') return { jsonrpc: '2.0', id: 1, result: `0x${chain.headBlock.toString(16)}` };
    if (action === 'eth_getTransactionCount') return this.transactionCount(chain, params);
    if (action === 'eth_getBlockByNumber') return this.blockHeader(chain, params);
    if (action !== 'eth_getTransactionReceipt' && action !== 'eth_getTransactionByHash') return notOk(API_TEXT.invalidAction);
    const hash = params.get('txhash') ?? '';
    if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) {
      const length = hash.startsWith('0x') ? hash.length - 2 : hash.length;
      return {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32602, message: `invalid argument 0: hex string has length ${length}, want 64 for common.Hash` },
      };
    }
    const txId = this.world.txIdByHash(chain.chainId, hash);
    const withheld = action === 'eth_getTransactionReceipt' && this.lists.receiptWithheld(chain.chainId, hash);
    if (txId === undefined || withheld) return { jsonrpc: '2.0', id: 1, result: null };
    const result =
      action === 'eth_getTransactionReceipt'
        ? this.proxyObjects.receipt(chain.chainId, txId)
        : this.proxyObjects.transaction(chain.chainId, txId);
    return { jsonrpc: '2.0', id: 1, result };
  }

  /** The block's number and time (what the client reads of eth_getBlockByNumber); `null` past the head, as a node answers. */
  private blockHeader(chain: ChainData, params: URLSearchParams): JsonRpc {
    const tag = params.get('tag') ?? '';
    if (!/^0x[0-9a-fA-F]+$/.test(tag))
      return { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'invalid argument 0: hex string without 0x prefix' } };
    const block = Number.parseInt(tag.slice(2), 16);
    if (block > chain.headBlock) return { jsonrpc: '2.0', id: 1, result: null };
    return {
      jsonrpc: '2.0',
      id: 1,
      result: { number: `0x${block.toString(16)}`, timestamp: `0x${this.world.timestampOf(chain.chainId, block).toString(16)}` },
    };
  }

  /**
   * The nonce at the end of `tag`, as the transactions the address sent up to it that its txlist shows. The
   * world's `nonce` fields start at a random value (history before the world), but a client counting sent
   * transactions between two blocks, as the sync estimate does, must agree with the txlist from genesis.
   */
  private transactionCount(chain: ChainData, params: URLSearchParams): JsonRpc {
    const address = (params.get('address') ?? '').toLowerCase();
    const block = tagBlock(params.get('tag'), chain.headBlock);
    if (!/^0x[0-9a-f]{40}$/.test(address) || block === undefined) {
      return { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'invalid argument: want an address and a block tag' } };
    }
    const sender = this.world.addresses.find(address);
    const { txs } = chain;
    let nonce = 0;
    for (const row of sender === undefined ? [] : this.world.rowsOf(chain.chainId, 'txlist', address)) {
      const tx = this.world.txOfRow(chain.chainId, 'txlist', row);
      if (txs.get('block', tx) > block) break;
      if (txs.get('from', tx) === sender) nonce += 1;
    }
    return { jsonrpc: '2.0', id: 1, result: `0x${nonce.toString(16)}` };
  }
}
