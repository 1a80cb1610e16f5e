import { STREAMS, type Stream } from '../etherscan/wire.js';
import { API_TEXT } from './apiTexts.js';
import { ADDRESS, blockParam, positiveInt } from './apiParams.js';
import { type Envelope, notOk, ok } from './envelope.js';
import type { WireRenderer } from './renderWire.js';
import type { ChainData, World } from './World.js';

export interface OmittedRecord {
  chainId: number;
  /** `receipt`: the receipt call answers null, as the explorer does for a transaction it does not know. */
  stream: Stream | 'receipt';
  /** Every row of this stream in this tx is left out of the lists. */
  hash: string;
}

const MAX_WINDOW = 10_000;

export function isListAction(module: string | null, action: string | null): boolean {
  return module === 'account' && (STREAMS as readonly (string | null)[]).includes(action);
}

/**
 * The account list actions (txlist, txlistinternal, tokentx, …) over the world: pages, block ranges, sort, the
 * result window and Query Timeout refusals, and records held back until they are revealed.
 */
export class AccountLists {
  private readonly omitted: Set<string>;
  private readonly filtered = new Map<string, Uint32Array>();

  constructor(
    private readonly world: World,
    private readonly render: WireRenderer,
    private readonly options: { pageCap: number; queryTimeoutRows?: number | undefined; omit: readonly OmittedRecord[] },
  ) {
    this.omitted = new Set(options.omit.map(omittedKey));
  }

  /** Serves held-back records from now on, as an explorer that indexed them late. */
  reveal(records: readonly OmittedRecord[]): void {
    for (const record of records) this.omitted.delete(omittedKey(record));
    this.filtered.clear();
  }

  /** Whether the receipt of `hash` is held back (the receipt call then answers null). */
  receiptWithheld(chainId: number, hash: string): boolean {
    return this.omitted.has(`${chainId}|receipt|${hash.toLowerCase()}`);
  }

  list(chain: ChainData, stream: Stream, params: URLSearchParams): Envelope {
    const address = params.get('address');
    const contract = params.get('contractaddress');
    const txhash = params.get('txhash');
    if (stream === 'txlistinternal' && address === null && txhash !== null) return this.internalsByHash(chain, txhash);
    const tokenStream = stream === 'tokentx' || stream === 'tokennfttx' || stream === 'token1155tx';
    if (address === null && !(tokenStream && contract !== null)) return notOk(API_TEXT.invalidAddress);
    if ((address !== null && !ADDRESS.test(address)) || (contract !== null && !ADDRESS.test(contract)))
      return notOk(API_TEXT.invalidAddress);
    if (contract !== null && !tokenStream) return notOk(API_TEXT.invalidAddress);

    const rows = this.rowsFor(chain, stream, address, tokenStream ? contract : null);
    const startBlock = blockParam(params.get('startblock'), 0);
    // Nothing past the head: a growing world keeps tomorrow's rows in its lists.
    const endBlock = Math.min(blockParam(params.get('endblock'), Number.MAX_SAFE_INTEGER), chain.headBlock);
    const lo = this.firstRowAtOrAfter(chain, stream, rows, startBlock);
    const hi = this.firstRowAtOrAfter(chain, stream, rows, endBlock + 1);

    const page = positiveInt(params.get('page'));
    const offset = positiveInt(params.get('offset'));
    const paged = page !== undefined && offset !== undefined;
    if (paged && page * offset > MAX_WINDOW) return notOk(API_TEXT.resultWindow);
    const queryTimeout = this.options.queryTimeoutRows;
    if (queryTimeout !== undefined && hi - lo > queryTimeout) return notOk(API_TEXT.queryTimeout);

    const size = Math.min(paged ? offset : MAX_WINDOW, this.options.pageCap);
    const skip = paged ? (page - 1) * offset : 0;
    const desc = params.get('sort') === 'desc';
    const result = [];
    for (let n = skip; n < skip + size && n < hi - lo; n++) {
      const row = rows[desc ? hi - 1 - n : lo + n]!;
      result.push(this.render.record(chain.chainId, stream, row));
    }
    return result.length === 0 ? { status: '0', message: API_TEXT.noTransactions, result: [] } : ok(result);
  }

  /** By-hash mode: rows carry no hash and no traceId, and only non-zero values are listed (docs). */
  private internalsByHash(chain: ChainData, txhash: string): Envelope {
    const txId = this.world.txIdByHash(chain.chainId, txhash);
    const result = [];
    if (txId !== undefined && !this.omitted.has(`${chain.chainId}|txlistinternal|${txhash.toLowerCase()}`)) {
      const [first, end] = this.world.rowsOfTx(chain.chainId, 'txlistinternal', txId);
      for (let row = first; row < end; row++) {
        const record = this.render.internal(chain.chainId, row);
        if (record.value === '0') continue;
        const byHash: Partial<typeof record> = { ...record };
        delete byHash.hash;
        delete byHash.traceId;
        result.push(byHash);
      }
    }
    return result.length === 0 ? { status: '0', message: API_TEXT.noTransactions, result: [] } : ok(result);
  }

  private rowsFor(chain: ChainData, stream: Stream, address: string | null, contract: string | null): Uint32Array {
    const key = `${chain.chainId}|${stream}|${address ?? ''}|${contract ?? ''}`.toLowerCase();
    const cached = this.filtered.get(key);
    if (cached !== undefined) return cached;
    const table = stream === 'tokentx' ? chain.tokentx : stream === 'tokennfttx' ? chain.nfttx : chain.multitx;
    let rows: Uint32Array;
    if (address !== null) {
      rows = this.world.rowsOf(chain.chainId, stream, address);
    } else {
      rows = Uint32Array.from({ length: table.length }, (_, n) => n);
    }
    const wanted = contract === null ? undefined : chain.tokens.findIndex((t) => t.address === contract.toLowerCase());
    if (wanted === -1) rows = new Uint32Array(0);
    else if (wanted !== undefined) rows = rows.filter((row) => table.get('token', row) === wanted);
    if (this.omitted.size > 0) {
      rows = rows.filter((row) => {
        const hash = this.world.txHash(chain.chainId, this.world.txOfRow(chain.chainId, stream, row));
        return !this.omitted.has(`${chain.chainId}|${stream}|${hash}`);
      });
    }
    this.filtered.set(key, rows);
    return rows;
  }

  private firstRowAtOrAfter(chain: ChainData, stream: Stream, rows: Uint32Array, block: number): number {
    let low = 0;
    let high = rows.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (chain.txs.get('block', this.world.txOfRow(chain.chainId, stream, rows[mid]!)) < block) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

function omittedKey(record: OmittedRecord): string {
  return `${record.chainId}|${record.stream}|${record.hash.toLowerCase()}`;
}
