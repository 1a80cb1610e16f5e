import { hash } from 'node:crypto';

/** The parts that identify one entry's source record and leg; none of them changes between runs. */
export interface EntrySource {
  chainId: number;
  txHash: string;
  wallet: string;
  stream: string;
  ref: string;
  /** `value` for the movement a record describes, `fee` for the gas its sender paid, `derived` for a token leg derived from it. */
  leg: 'value' | 'fee' | 'derived';
}

/**
 * The letter every id starts with. Bare hex ids read as numbers in spreadsheets and pandas
 * (`3814432126955387` → 3814432126955390, `6887072246443e38` → 6.887072246443E+50); nothing that starts
 * with `x` is a number, a date or an exponent, and `x` is no hex digit, so the digits after it stay ours.
 */
const ID_LETTER = 'x';

/** An id as filed before the letter (16 hex digits); `entryIdFromLegacy` maps it to today's. */
export const LEGACY_ENTRY_ID = /^[0-9a-f]{16}$/;

/**
 * `x` plus 16 hex digits of sha256: short enough for a CSV column, 64 bits against collisions. The one-shot
 * `hash` gives the same digest as `createHash` without building a Hash object per entry, which was the
 * ledger's largest cost.
 */
export function entryId(source: EntrySource): string {
  const { chainId, txHash, wallet, stream, ref, leg } = source;
  return ID_LETTER + hash('sha256', `${chainId}|${txHash}|${wallet}|${stream}|${ref}|${leg}`, 'hex').slice(0, 16);
}

/** Today's id of an entry filed with a bare 16-hex-digit id: the same digest behind the letter (docs/ledger-rules.md). */
export function entryIdFromLegacy(legacy: string): string {
  return ID_LETTER + legacy;
}
