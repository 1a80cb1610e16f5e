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
 * 16 hex digits of sha256: short enough for a CSV column, 64 bits against collisions. The one-shot
 * `hash` gives the same digest as `createHash` without building a Hash object per entry, which was the
 * ledger's largest cost.
 */
export function entryId(source: EntrySource): string {
  const { chainId, txHash, wallet, stream, ref, leg } = source;
  return hash('sha256', `${chainId}|${txHash}|${wallet}|${stream}|${ref}|${leg}`, 'hex').slice(0, 16);
}
