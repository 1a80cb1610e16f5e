import type { BookEntry } from '../../workspace/entries/BookEntries.js';
import type { AssetColumns } from './assetLabel.js';
import { amountText, unitOf } from './assetLabel.js';

/**
 * A leg of the transactions table: its asset's columns and its amount in units, as the table shows it (with its
 * unit) and bare (`units`, for a line that names the asset beside it: the rules list).
 */
export function legAsset(entry: BookEntry): { asset: AssetColumns; amount: string; units: string } {
  const cell = (name: string): string => entry.cells[name] ?? '';
  const asset = {
    assetKind: cell('kind'),
    asset: cell('asset'),
    assetContract: cell('asset_contract'),
    tokenId: cell('token_id'),
    spam: cell('spam'),
  };
  const decimals = cell('decimals') === '' ? null : Number(cell('decimals'));
  const formatted = decimals === null ? '' : cell('amount');
  return {
    asset,
    amount: amountText(cell('amount_raw'), decimals, unitOf(asset), formatted),
    units: amountText(cell('amount_raw'), decimals, '', formatted),
  };
}
