import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { runCli } from '../../src/cli/main.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { captureIo } from './captureIo.js';

/** One row of ledger.csv, every cell as written. */
export interface LedgerRow {
  timestamp: string;
  chain_id: string;
  block_number: string;
  tx_hash: string;
  wallet: string;
  direction: string;
  kind: string;
  asset: string;
  asset_contract: string;
  token_id: string;
  amount: string;
  amount_raw: string;
  decimals: string;
  counterparty: string;
  category: string;
  status: string;
  entry_id: string;
  chain: string;
  wallet_label: string;
  counterparty_label: string;
  method: string;
  spam: string;
  screening: string;
  note: string;
}

export interface LedgerExport {
  /** ledger.csv exactly as written. */
  text: string;
  rows: LedgerRow[];
  blockRanges: Record<string, { fromBlock: number; toBlock: number }>;
}

export interface ExportRequest {
  /** Written as `<dir>/job.json` and passed with `--config`. */
  job: Record<string, unknown>;
  /** Runs sharing a state file share what was synced. */
  state: string;
  /** Further flags (period, time zone), which override the job file. */
  flags: readonly string[];
}

/** `ledgerscan export --template ledger` of a job file against the sandbox, into a fresh folder under `dir`. */
export async function exportLedger(sandbox: Sandbox, dir: string, request: ExportRequest): Promise<LedgerExport> {
  fs.mkdirSync(dir, { recursive: true });
  const jobFile = path.join(dir, 'job.json');
  fs.writeFileSync(jobFile, JSON.stringify(request.job, null, 2));
  const out = path.join(dir, 'out');
  const io = captureIo(dir);
  const args = [
    'export',
    '--config',
    jobFile,
    '--template',
    'ledger',
    '--out',
    out,
    '--state',
    request.state,
    '--base-url',
    sandbox.url,
    '--api-key',
    sandbox.apiKey,
    '--quiet',
    ...request.flags,
  ];
  const code = await runCli(args, io);
  if (code !== 0) throw new Error(`export exited ${code}: ${io.stderrText()}`);
  const text = fs.readFileSync(path.join(out, 'ledger.csv'), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8')) as Pick<LedgerExport, 'blockRanges'>;
  return { text, rows: parse(text, { columns: true }) as LedgerRow[], blockRanges: manifest.blockRanges };
}
