import type { AmountFormatter } from './AmountFormatter.js';
import type { AssetNamer } from './AssetNamer.js';
import type { Leg, ViewRow } from './ViewRow.js';

/**
 * A row as a tool with fewer decimals than the token can write it: each leg's rounding is carried into the next
 * row of the same wallet, chain, asset and side, and a leg that rounds to nothing is left out (its amount carried),
 * so no cell says `0`. `null` when nothing of the row is writable: dust, left out and counted by the caller.
 */
export function carryDust(row: ViewRow, amounts: AmountFormatter, names: AssetNamer): ViewRow | null {
  const carried = (leg: Leg | null, side: string): Leg | null => {
    if (leg === null) return null;
    const currency = names.name(leg);
    const written = amounts.carry(`${row.wallet}\u0000${row.chainId}\u0000${side}\u0000${currency}`, leg.amountRaw, leg.decimals, currency);
    return written === null ? null : written === leg.amountRaw ? leg : { ...leg, amountRaw: written };
  };
  const sent = carried(row.sent, 'sent');
  const received = carried(row.received, 'received');
  const fee = carried(row.fee, 'fee');
  if (sent === null && received === null && fee === null) return null;
  if (sent === row.sent && received === row.received && fee === row.fee) return row;
  const shape = sent !== null && received !== null ? 'exchange' : sent !== null ? 'out' : received !== null ? 'in' : 'fee';
  return { ...row, sent, received, fee, shape };
}
