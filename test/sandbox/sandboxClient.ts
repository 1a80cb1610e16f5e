import type { Stream, WireRecordOf } from '../../src/etherscan/wire.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';

/** Either envelope, as parsed JSON. */
export interface Answer {
  status?: string;
  message?: string;
  result?: unknown;
  jsonrpc?: string;
  error?: { code: number; message: string };
}

/** Calls the sandbox over real HTTP with the sandbox key, returning the parsed body. */
export async function call(
  sandbox: Sandbox,
  query: Record<string, string | number>,
  apiKey: string | null = sandbox.apiKey,
): Promise<Answer> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  if (apiKey !== null) params.set('apikey', apiKey);
  const response = await fetch(`${sandbox.url}?${params.toString()}`);
  return JSON.parse(await response.text()) as Answer;
}

export function rowsOf<T>(answer: Answer): T[] {
  if (!Array.isArray(answer.result)) throw new Error(`not a list: ${JSON.stringify(answer)}`);
  return answer.result as T[];
}

/** Every row of a stream for an address, by page number (small worlds only: < 10,000 rows). */
export async function listAll<S extends Stream>(sandbox: Sandbox, chainId: number, stream: S, address: string): Promise<WireRecordOf[S][]> {
  const rows: WireRecordOf[S][] = [];
  for (let page = 1; ; page++) {
    const body = await call(sandbox, { chainid: chainId, module: 'account', action: stream, address, page, offset: 1000, sort: 'asc' });
    if (body.status !== '1') return rows;
    const result = body.result as WireRecordOf[S][];
    rows.push(...result);
    if (result.length < 1000) return rows;
  }
}
