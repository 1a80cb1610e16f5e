import { API_TEXT } from './apiTexts.js';

/** The explorer's answer to a module/action call: `status` 1 with data, or 0 with its refusal text in `result`. */
export type Envelope = { status: string; message: string; result: unknown };
/** The answer of a `proxy` call, as an Ethereum node's JSON-RPC gives it. */
export type JsonRpc = { jsonrpc: '2.0'; id: number; result?: unknown; error?: { code: number; message: string } };

export function ok(result: unknown): Envelope {
  return { status: '1', message: API_TEXT.ok, result };
}

export function notOk(text: string): Envelope {
  return { status: '0', message: API_TEXT.notOk, result: text };
}
