import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Stream, WireRecord } from '../../src/etherscan/wire.js';

/** Unix time of block 0: one block per second keeps getblocknobytime trivial. */
export const GENESIS_TIME = 1_700_000_000;

export interface ExplorerScript {
  /** Rows per `${chainId} ${stream} ${address}`, in the order the API sends them (ascending blocks). */
  rows: Map<string, WireRecord[]>;
  head: Record<number, number>;
  pageCap?: number;
  /** A list query whose block span holds more rows than this answers Query Timeout. */
  queryTimeoutRows?: number;
  /** Requests after this many answer the daily-limit refusal. */
  dailyLimit?: number;
  unavailableChains?: readonly number[];
}

export interface ScriptedExplorer {
  baseUrl: string;
  /** Requests served, by `module.action`. */
  counts: Record<string, number>;
  script: ExplorerScript;
  close(): Promise<void>;
}

export function rowsKey(chainId: number, stream: Stream, address: string): string {
  return `${chainId} ${stream} ${address.toLowerCase()}`;
}

/**
 * A small Etherscan-v2-shaped server over scripted rows, for the edge cases a generated world does
 * not pin down (a block filling a page, timeouts on a chosen span, a quota after N calls).
 */
export async function startScriptedExplorer(script: ExplorerScript): Promise<ScriptedExplorer> {
  const counts: Record<string, number> = {};
  let served = 0;
  const answer = (url: URL): unknown => {
    const get = (name: string): string => url.searchParams.get(name) ?? '';
    const chainId = Number(get('chainid'));
    const action = `${get('module')}.${get('action')}`;
    counts[action] = (counts[action] ?? 0) + 1;
    served += 1;
    if (script.dailyLimit !== undefined && served > script.dailyLimit) {
      return { status: '0', message: 'NOTOK', result: 'Max daily rate limit reached. 100000 (100K) calls/day' };
    }
    if (script.unavailableChains?.includes(chainId) === true) {
      return {
        status: '0',
        message: 'NOTOK',
        result:
          'Free API access is not supported for this chain. Please upgrade your api plan for full chain coverage. https://etherscan.io/apis',
      };
    }
    const head = script.head[chainId] ?? 0;
    switch (action) {
      case 'proxy.eth_blockNumber':
        return { jsonrpc: '2.0', id: 83, result: `0x${head.toString(16)}` };
      case 'block.getblocknobytime': {
        const block = Number(get('timestamp')) - GENESIS_TIME;
        return { status: '1', message: 'OK', result: String(Math.max(0, Math.min(head, block))) };
      }
      case 'proxy.eth_getTransactionReceipt':
        return {
          jsonrpc: '2.0',
          id: 1,
          result: {
            transactionHash: get('txhash'),
            blockNumber: '0x1',
            transactionIndex: '0x0',
            from: '0x0',
            to: null,
            gasUsed: '0x5208',
            status: '0x1',
          },
        };
      default: {
        const stream = get('action') as Stream;
        const all = script.rows.get(rowsKey(chainId, stream, get('address'))) ?? [];
        const from = Number(get('startblock'));
        const to = Number(get('endblock'));
        const inSpan = all.filter((row) => Number(row.blockNumber) >= from && Number(row.blockNumber) <= to);
        if (script.queryTimeoutRows !== undefined && inSpan.length > script.queryTimeoutRows) {
          return { status: '0', message: 'NOTOK', result: 'Query Timeout occured. Please select a smaller result dataset' };
        }
        const page = inSpan.slice(0, Math.min(Number(get('offset')), script.pageCap ?? 1000));
        return page.length === 0
          ? { status: '0', message: 'No transactions found', result: [] }
          : { status: '1', message: 'OK', result: page };
      }
    }
  };
  const server = http.createServer((request, response) => {
    const body = JSON.stringify(answer(new URL(request.url ?? '/', 'http://localhost')));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v2/api`,
    counts,
    script,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
