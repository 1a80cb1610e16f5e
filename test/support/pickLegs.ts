import fs from 'node:fs';
import { parse } from 'csv-parse/sync';

export type Row = Record<string, string>;

export function csv(file: string): Row[] {
  return parse(fs.readFileSync(file), { columns: true }) as Row[];
}

/** A transaction whose every non-fee leg arrives (a plain receipt, the kind an accountant calls an airdrop), and an outgoing leg elsewhere. */
export function pickLegs(ledger: readonly Row[]): { tx: string; legs: Row[]; out: Row } {
  const byTx = new Map<string, Row[]>();
  for (const row of ledger)
    if (row.category !== 'fee' && row.category !== 'failed_fee') byTx.set(row.tx_hash ?? '', [...(byTx.get(row.tx_hash ?? '') ?? []), row]);
  const [tx, legs] =
    [...byTx].find(([, rows]) => rows.every((row) => row.direction === 'in' && row.category === 'transfer' && row.spam === '')) ?? [];
  const out = ledger.find((row) => row.direction === 'out' && row.category === 'transfer');
  if (tx === undefined || legs === undefined || out === undefined) throw new Error('the e2e world has a plain receipt and a plain send');
  return { tx, legs, out };
}
