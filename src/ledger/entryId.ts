import { createHash } from 'node:crypto';

/** The parts that identify one entry's source record and leg; none of them changes between runs. */
export interface EntrySource {
  chainId: number;
  txHash: string;
  wallet: string;
  stream: string;
  ref: string;
  /** `value` for the movement a record describes, `fee` for the gas its sender paid. */
  leg: 'value' | 'fee';
}

/** 16 hex digits of sha256: short enough for a CSV column, 64 bits against collisions. */
export function entryId(source: EntrySource): string {
  const { chainId, txHash, wallet, stream, ref, leg } = source;
  return createHash('sha256').update([chainId, txHash, wallet, stream, ref, leg].join('|')).digest('hex').slice(0, 16);
}
