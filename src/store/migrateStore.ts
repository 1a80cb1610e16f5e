import type Database from 'better-sqlite3';
import type { WireReceipt } from '../etherscan/wire.js';
import { InputError } from '../errors/LedgerscanError.js';
import { migrationSteps } from '../db/migrationSteps.js';
import { runSqliteSteps, userVersion } from '../db/sqlite/runSqliteSteps.js';
import { encodeReceiptFields, ledgerFieldsOfRaw, ledgerFieldsWithIds, ledgerRowHash } from './ledgerFields.js';

/**
 * Brings the state file's schema up to the steps of `migrations/store/` (`PRAGMA user_version` counts the steps run).
 * Upgrading a store that already holds records can take a minute at a million of them, so that is said, before and after.
 */
export function migrateStore(db: Database.Database, path: string, log: (line: string) => void = () => undefined): void {
  const steps = migrationSteps('store');
  const current = userVersion(db);
  if (current > steps.length) {
    throw new InputError('the state file was written by a newer ledgerscan', {
      details: { path, schemaVersion: current, supported: steps.length, fix: 'upgrade ledgerscan or use another --state' },
    });
  }
  if (current === steps.length) return;
  const started = performance.now();
  // A new file (version 0) has nothing to carry over; only an existing store's upgrade is worth a line.
  const upgrading = current > 0;
  if (upgrading) {
    const records = db.prepare<[], number>('SELECT count(*) FROM records').pluck().get() ?? 0;
    log(
      `upgrading the state file ${path} from schema ${current} to ${steps.length} (${records} stored record${records === 1 ? '' : 's'}), once; stopping it is safe`,
    );
  }
  registerStepFunctions(db);
  runSqliteSteps(db, steps);
  if (upgrading) log(`state file upgraded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The SQL functions the store's steps call where a step needs our own encoding of stored rows (step 3 fills
 * `ledger_rows` with them, step 8 adds the legs' ids): `ledger_fields_of(stream, raw)`, `receipt_fields_of(raw)`,
 * `ledger_row_hash(stream, line)` and `ledger_fields_with_ids(chain, wallet, stream, line, ref)`, src/store/ledgerFields.ts's.
 */
export function registerStepFunctions(db: Database.Database): void {
  db.function('ledger_fields_of', { deterministic: true }, (stream: unknown, raw: unknown) =>
    ledgerFieldsOfRaw(String(stream), String(raw)),
  );
  db.function('receipt_fields_of', { deterministic: true }, (raw: unknown) => encodeReceiptFields(JSON.parse(String(raw)) as WireReceipt));
  db.function('ledger_row_hash', { deterministic: true }, (stream: unknown, line: unknown) => ledgerRowHash(String(stream), String(line)));
  db.function(
    'ledger_fields_with_ids',
    { deterministic: true },
    (chainId: unknown, wallet: unknown, stream: unknown, line: unknown, ref: unknown) =>
      ledgerFieldsWithIds(Number(chainId), String(wallet), String(stream), String(line), Number(ref)),
  );
}
