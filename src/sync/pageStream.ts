import { QueryTimeoutError } from '../etherscan/errors.js';
import type { EtherscanApi } from '../etherscan/EtherscanApi.js';
import type { Stream, WireRecord } from '../etherscan/wire.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import type { RecordStore } from '../store/RecordStore.js';

/** One paged list: a chain, an owned wallet and one of the five streams. */
export interface StreamKey {
  chainId: number;
  wallet: string;
  stream: Stream;
}

/** A page as committed: its rows cover blocks [fromBlock, toBlock] completely. */
export interface CommittedPage {
  fromBlock: number;
  toBlock: number;
  records: readonly WireRecord[];
}

export interface PageStreamOptions {
  /** Rows asked per page; the free tier and the sandbox serve at most 1,000. */
  offset?: number;
  /** A Query Timeout on a span of this many blocks or fewer is not split further. */
  splitFloorBlocks?: number;
  /** Called before each request; throws to stop between pages. */
  beforeRequest?: () => void;
  /** Called after each page's commit. */
  onPage?: (page: CommittedPage) => void;
  /** Called for each list request sent (timed-out ones included). */
  onRequest?: () => void;
}

const PAGE_SIZE = 1000;

/**
 * Fetches blocks [fromBlock, toBlock] of one key with the block cursor of docs/etherscan-api.md §5:
 * `sort=asc&page=1&offset=1000` from the cursor; a short page ends the span; a full page commits
 * the rows below its last block and restarts at that block, which the next page returns whole.
 * A Query Timeout halves the span (oldest half first). Each page is committed with its range
 * advance, so a stop at any point resumes where it left off.
 */
export async function pageStream(
  api: EtherscanApi,
  store: RecordStore,
  key: StreamKey,
  fromBlock: number,
  toBlock: number,
  options: PageStreamOptions = {},
): Promise<void> {
  const offset = options.offset ?? PAGE_SIZE;
  const floor = Math.max(1, options.splitFloorBlocks ?? 1);

  const commit = (from: number, to: number, records: readonly WireRecord[]): void => {
    store.commitPage({ ...key, fromBlock: from, toBlock: to, records });
    options.onPage?.({ fromBlock: from, toBlock: to, records });
  };

  const fetchSpan = async (spanFrom: number, spanTo: number): Promise<void> => {
    let cursor = spanFrom;
    for (;;) {
      options.beforeRequest?.();
      options.onRequest?.();
      let rows: WireRecord[];
      try {
        rows = await api.listPage(key.stream, { chainId: key.chainId, address: key.wallet, startBlock: cursor, endBlock: spanTo, offset });
      } catch (error) {
        if (!(error instanceof QueryTimeoutError)) throw error;
        if (spanTo - cursor + 1 <= floor) {
          throw new LedgerscanError('the API times out even on the smallest block span', {
            details: { ...describe(key), blocks: `${cursor}-${spanTo}`, floor },
            cause: error,
            kind: 'api',
          });
        }
        const middle = cursor + Math.floor((spanTo - cursor) / 2);
        await fetchSpan(cursor, middle);
        await fetchSpan(middle + 1, spanTo);
        return;
      }
      const blocks = checkedBlocks(key, rows, cursor, spanTo);
      if (rows.length < offset) {
        commit(cursor, spanTo, rows);
        return;
      }
      const last = blocks[blocks.length - 1] ?? cursor;
      if (blocks[0] === last) {
        throw new LedgerscanError(`block ${last} alone fills a page of ${offset} rows; it cannot be paged`, {
          details: { ...describe(key), block: last },
          kind: 'api',
        });
      }
      const keep = blocks.indexOf(last);
      commit(cursor, last - 1, rows.slice(0, keep));
      cursor = last;
    }
  };

  await fetchSpan(fromBlock, toBlock);
}

/** The rows' block numbers, after checking what the cursor relies on: ascending, inside the span. */
function checkedBlocks(key: StreamKey, rows: readonly WireRecord[], from: number, to: number): number[] {
  let previous = from;
  return rows.map((row) => {
    const block = Number(row.blockNumber);
    if (!Number.isSafeInteger(block) || block < previous || block > to) {
      throw new LedgerscanError('the API sent a row out of block order or outside the asked span', {
        details: { ...describe(key), block: row.blockNumber, asked: `${from}-${to}`, tx: row.hash },
      });
    }
    previous = block;
    return block;
  });
}

function describe(key: StreamKey): { chain: number; wallet: string; stream: Stream } {
  return { chain: key.chainId, wallet: key.wallet, stream: key.stream };
}
