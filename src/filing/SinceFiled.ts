import type { LedgerRule } from '../ledger/LedgerRule.js';
import type { FileDiff } from './diffFile.js';
import type { FiledRecord } from './FiledRecord.js';
import type { GainsSinceFiled } from './gainChanges.js';
import type { SettingChange } from './settingChanges.js';

/** A filed period recalculated: each filed file compared with what the run makes of it now. */
export interface SinceFiled {
  record: FiledRecord;
  files: FileDiff[];
  /** Causes that apply to the whole recalculation: a new ledgerscan version, changed job settings. */
  reasons: string[];
  /** The job settings that decide figures and differ from the filed run's, each with both values. */
  settings: SettingChange[];
  /** The period's blocks were fetched again, so late-indexed records are included. */
  verified: boolean;
  /** The recalculation's rules (the job's, then the book's): a row a rule changed names it as the reason. */
  rules: readonly LedgerRule[];
  /** With cost basis: the disposals whose gain changed, why, and the total's change (what the accountant amends). */
  gains?: GainsSinceFiled;
}
