import { InputError } from '../errors/LedgerscanError.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { Decimal } from '../ledger/money.js';
import { duration, FEE_SHARE, transferMisfit } from '../ledger/transferFit.js';
/** Longer than this between leaving and arriving is unusual: a transfer or a deposit takes minutes, only a rollup's withdrawal days. */
const USUAL_SECONDS = 24 * 3600;

const FIELD = 'match.entries';

/**
 * The legs a rule marks as one transfer between own wallets (`own_transfer` by entry ids), checked: two legs of the
 * stored ledger, one out and one in, that `transferMisfit` finds no reason against (one asset or its bridged twin,
 * arriving after leaving within the bridge window, no more and not under half). What cannot be one transfer is
 * refused naming `match.entries`; what is unusual (more than a fee missing, more than a day apart, on one chain
 * neither leg naming the other's wallet) comes back as warnings: the rule is saved and the answer says so.
 */
export function checkTransferLegs(ids: readonly string[], legs: readonly LedgerEntry[]): string[] {
  const missing = ids.filter((id) => !legs.some((leg) => leg.entryId === id));
  const sent = legs.find((leg) => leg.direction === 'out');
  const arrived = legs.find((leg) => leg.direction === 'in');
  if (ids.length !== 2 || missing.length > 0 || sent === undefined || arrived === undefined) {
    throw new InputError(
      `a transfer between own wallets names two legs of the stored ledger, one out and one in (${missing.length > 0 ? `not found: ${missing.join(', ')}` : `given: ${ids.join(', ')}`})`,
      { details: { field: FIELD, fix: 'give the entry_id of the leg that left one wallet and of the leg that arrived in the other' } },
    );
  }
  const why = transferMisfit(sent, arrived);
  if (why !== undefined)
    throw new InputError(`${describe(sent)} and ${describe(arrived)} cannot be one transfer between own wallets: ${why}`, {
      details: {
        field: FIELD,
        fix: 'tick the leg that left one wallet and the leg of the same asset and amount that arrived in the other',
      },
    });
  const elapsed = arrived.timestamp - sent.timestamp;
  const out = new Decimal(sent.amount);
  const got = new Decimal(arrived.amount);

  const warnings: string[] = [];
  const lost = out.minus(got);
  if (lost.gt(out.times(FEE_SHARE)))
    warnings.push(
      `${lost.toString()} ${sent.asset} of the ${sent.amount} that left did not arrive (${lost.div(out).times(100).toDecimalPlaces(1).toString()}%), more than a bridge's or exchange's fee: check the legs`,
    );
  if (elapsed > USUAL_SECONDS)
    warnings.push(
      `it arrived ${duration(elapsed)} after it left: a transfer takes minutes, only a rollup's withdrawal days; check the legs`,
    );
  if (sent.chainId === arrived.chainId && sent.counterparty !== arrived.wallet && arrived.counterparty !== sent.wallet)
    warnings.push(
      `neither leg names the other's wallet (sent to ${sent.counterparty}, received from ${arrived.counterparty}): on one chain a transfer between own wallets goes from one to the other; check the legs`,
    );
  return warnings;
}

const describe = (leg: LedgerEntry): string => `${leg.amount} ${leg.asset || leg.assetContract} ${leg.direction} (entry ${leg.entryId})`;
