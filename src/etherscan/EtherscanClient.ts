import type { ApiStats, EtherscanApi, ListPageRequest } from './EtherscanApi.js';
import { DECIMAL, HEX, isAddressTag, isBlock, isListRow, isReceipt } from './answerShapes.js';
import type { CallerOptions, Params } from './EtherscanCaller.js';
import { EtherscanCaller } from './EtherscanCaller.js';
import type { Stream, WireReceipt, WireRecordOf } from './wire.js';
import type { WireAddressTag } from './WireAddressTag.js';

/** The client's options are its caller's: URL, key, rate, timeouts, retries and limiters. */
export type EtherscanClientOptions = CallerOptions;

/** Etherscan serves the label exports from its metadata host, not from the API host. */
const METADATA_HOSTS: Readonly<Record<string, string>> = { 'api.etherscan.io': 'api-metadata.etherscan.io' };

/** The Etherscan v2 client: each endpoint's parameters and the shape its answer must have, over one `EtherscanCaller`. */
export class EtherscanClient implements EtherscanApi {
  private readonly caller: EtherscanCaller;

  constructor(options: EtherscanClientOptions) {
    this.caller = new EtherscanCaller(options);
  }

  get stats(): ApiStats {
    return this.caller.stats;
  }

  async listPage<S extends Stream>(stream: S, request: ListPageRequest): Promise<WireRecordOf[S][]> {
    const params: Params = [
      ['address', request.address],
      ['startblock', request.startBlock],
      ['endblock', request.endBlock],
      ['page', 1],
      ['offset', request.offset],
      ['sort', 'asc'],
    ];
    const answer = await this.caller.call(request.chainId, 'account', stream, params, true);
    if (answer.kind === 'empty') return [];
    if (answer.kind === 'data' && Array.isArray(answer.result) && answer.result.every(isListRow)) return answer.result as WireRecordOf[S][];
    throw this.caller.unexpected(answer, request.chainId, `account.${stream}`, 'a list of records');
  }

  async receipt(chainId: number, txHash: string): Promise<WireReceipt | null> {
    const answer = await this.caller.call(chainId, 'proxy', 'eth_getTransactionReceipt', [['txhash', txHash]]);
    if (answer.kind === 'notFound') return null;
    if (answer.kind === 'data' && isReceipt(answer.result)) return answer.result;
    throw this.caller.unexpected(answer, chainId, 'proxy.eth_getTransactionReceipt', 'a receipt object');
  }

  async blockNumberByTime(chainId: number, timestamp: number, closest: 'before' | 'after'): Promise<number> {
    const text = await this.scalar(
      chainId,
      'block',
      'getblocknobytime',
      [
        ['timestamp', timestamp],
        ['closest', closest],
      ],
      DECIMAL,
    );
    return Number(text);
  }

  async headBlock(chainId: number): Promise<number> {
    const text = await this.scalar(chainId, 'proxy', 'eth_blockNumber', [], HEX);
    return Number.parseInt(text.slice(2), 16);
  }

  async blockTime(chainId: number, block: number): Promise<number> {
    const answer = await this.caller.call(chainId, 'proxy', 'eth_getBlockByNumber', [
      ['tag', `0x${block.toString(16)}`],
      ['boolean', 'false'],
    ]);
    if (answer.kind === 'data' && isBlock(answer.result)) return Number.parseInt(answer.result.timestamp.slice(2), 16);
    throw this.caller.unexpected(answer, chainId, 'proxy.eth_getBlockByNumber', 'a block with its timestamp');
  }

  async transactionCount(chainId: number, address: string, block: number): Promise<number> {
    const text = await this.scalar(
      chainId,
      'proxy',
      'eth_getTransactionCount',
      [
        ['address', address],
        ['tag', `0x${block.toString(16)}`],
      ],
      HEX,
    );
    return Number.parseInt(text.slice(2), 16);
  }

  balance(chainId: number, address: string): Promise<string> {
    return this.scalar(
      chainId,
      'account',
      'balance',
      [
        ['address', address],
        ['tag', 'latest'],
      ],
      DECIMAL,
    );
  }

  tokenBalance(chainId: number, contract: string, address: string): Promise<string> {
    const params: Params = [
      ['contractaddress', contract],
      ['address', address],
      ['tag', 'latest'],
    ];
    return this.scalar(chainId, 'account', 'tokenbalance', params, DECIMAL);
  }

  async balanceMulti(chainId: number, addresses: readonly string[]): Promise<Map<string, string>> {
    const answer = await this.caller.call(chainId, 'account', 'balancemulti', [
      ['address', addresses.join(',')],
      ['tag', 'latest'],
    ]);
    const balances = new Map<string, string>();
    if (answer.kind === 'data' && Array.isArray(answer.result)) {
      for (const item of answer.result as unknown[]) {
        const { account, balance } = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
        if (typeof account === 'string' && typeof balance === 'string' && DECIMAL.test(balance))
          balances.set(account.toLowerCase(), balance);
      }
      if (addresses.every((address) => balances.has(address.toLowerCase()))) return balances;
    }
    throw this.caller.unexpected(answer, chainId, 'account.balancemulti', `a balance for each of ${addresses.length} addresses`);
  }

  balanceHistory(chainId: number, address: string, block: number): Promise<string> {
    return this.scalar(
      chainId,
      'account',
      'balancehistory',
      [
        ['address', address],
        ['blockno', block],
      ],
      DECIMAL,
    );
  }

  tokenBalanceHistory(chainId: number, contract: string, address: string, block: number): Promise<string> {
    const params: Params = [
      ['contractaddress', contract],
      ['address', address],
      ['blockno', block],
    ];
    return this.scalar(chainId, 'account', 'tokenbalancehistory', params, DECIMAL);
  }

  async addressTags(chainId: number, addresses: readonly string[]): Promise<WireAddressTag[]> {
    const answer = await this.caller.call(chainId, 'nametag', 'getaddresstag', [['address', addresses.join(',')]]);
    if (answer.kind === 'empty') return [];
    if (answer.kind === 'data' && Array.isArray(answer.result) && answer.result.every(isAddressTag)) return answer.result;
    throw this.caller.unexpected(answer, chainId, 'nametag.getaddresstag', 'a list of address tags');
  }

  async exportAddressTags(chainId: number, label: string): Promise<string> {
    const params: Params = [
      ['label', label],
      ['format', 'csv'],
    ];
    const answer = await this.caller.call(chainId, 'nametag', 'exportaddresstags', params, false, metadataUrl(this.caller.baseUrl));
    if (answer.kind !== 'data' || typeof answer.result !== 'string' || !/^https?:\/\//.test(answer.result)) {
      throw this.caller.unexpected(answer, chainId, 'nametag.exportaddresstags', 'a link to the CSV file');
    }
    return this.caller.download(answer.result, { request: 'nametag.exportaddresstags download', chainid: chainId, label });
  }

  private async scalar(chainId: number, module: string, action: string, params: Params, shape: RegExp): Promise<string> {
    const answer = await this.caller.call(chainId, module, action, params);
    if (answer.kind === 'data' && typeof answer.result === 'string' && shape.test(answer.result)) return answer.result;
    throw this.caller.unexpected(answer, chainId, `${module}.${action}`, shape === HEX ? 'a hex quantity' : 'a decimal integer');
  }
}

/** The metadata host's URL for Etherscan's own API URL; any other (compatible) server answers these actions itself. */
function metadataUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  const host = METADATA_HOSTS[url.hostname];
  if (host === undefined) return baseUrl;
  url.hostname = host;
  return url.toString();
}
