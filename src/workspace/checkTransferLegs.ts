import { InputError } from '../errors/LedgerscanError.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { Decimal } from '../ledger/money.js';
import { BRIDGE_WINDOW_SECONDS } from '../ledger/pairBridges.js';

/** Of what left, the share that may be missing on arrival before the answer warns: a bridge's or an exchange's fee is well under it. */
const FEE_SHARE = 0.05;
/** Longer than this between leaving and arriving is unusual: a transfer or a deposit takes minutes, only a rollup's withdrawal days. */
const USUAL_SECONDS = 24 * 3600;

const FIELD = 'match.entries';

/**
 * The legs a rule marks as one transfer between own wallets (`own_transfer` by entry ids), checked: two legs of the
 * stored ledger, one out and one in; of one asset (on two chains, its bridged twin: the native coin of the same
 * symbol, or a token of the same symbol and decimals, as `pairBridges` pairs them); arriving after leaving, within
 * `BRIDGE_WINDOW_SECONDS`; never more arriving than left, nor less than half. What cannot be one transfer is
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
  const refuse = (why: string): never => {
    throw new InputError(`${describe(sent)} and ${describe(arrived)} cannot be one transfer between own wallets: ${why}`, {
      details: {
        field: FIELD,
        fix: 'tick the leg that left one wallet and the leg of the same asset and amount that arrived in the other',
      },
    });
  };
  if (!sameAsset(sent, arrived)) refuse('they are different assets');
  const elapsed = arrived.timestamp - sent.timestamp;
  if (elapsed < 0) refuse(`it arrived ${duration(-elapsed)} before it left`);
  if (elapsed > BRIDGE_WINDOW_SECONDS)
    refuse(`it arrived ${duration(elapsed)} after it left, longer than a bridge takes (${duration(BRIDGE_WINDOW_SECONDS)})`);
  const out = new Decimal(sent.amount);
  const got = new Decimal(arrived.amount);
  if (got.gt(out)) refuse('more arrived than left');
  if (got.lt(out.div(2))) refuse('less than half of what left arrived, which no fee explains');

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

function sameAsset(sent: LedgerEntry, arrived: LedgerEntry): boolean {
  if (sent.chainId === arrived.chainId) return sent.assetContract === arrived.assetContract && sent.tokenId === arrived.tokenId;
  // A bridged twin: the L2 copy of a token has another address, so symbol and decimals stand for it.
  return (
    (sent.assetContract === '') === (arrived.assetContract === '') &&
    sent.asset !== '' &&
    sent.asset === arrived.asset &&
    sent.decimals === arrived.decimals
  );
}

const describe = (leg: LedgerEntry): string => `${leg.amount} ${leg.asset || leg.assetContract} ${leg.direction} (entry ${leg.entryId})`;

function duration(seconds: number): string {
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 2 * 24 * 3600) return `${Math.round(seconds / 360) / 10} h`;
  return `${Math.round(seconds / 8640) / 10} days`;
}
