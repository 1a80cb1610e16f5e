import type { ReconcileReport, ReconcileReportAmount, ReconcileReportAsset } from '../../runs/reconcileReportResult.js';
import type { Book, Run, User } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { amountText, assetLabel, unitOf } from './assetLabel.js';
import { layout } from './layout.js';
import { minuteUtc, statusBadge } from './parts.js';
import { foldNftCollections } from '../../holdings/foldNftCollections.js';
import { isNftKind, sumRaw, tokenIdList } from './nftCollections.js';
import { holderCell } from './shortened.js';

/** An amount of `reconcile.json` in the asset's units with its symbol (base units are in reconcile.csv). */
export const reportAmount = (asset: ReconcileReportAsset, amount: ReconcileReportAmount): string =>
  amount === null ? '' : amountText(amount.raw, asset.decimals, unitOf(asset), amount.amount);

/** The synced block of a compared balance and, under it, the block's own date. */
export const syncedBlockCell = (asset: ReconcileReportAsset): Html =>
  html`${asset.syncedBlock}<br><small>${minuteUtc(asset.syncedBlockTime)}</small>`;

/** What each balance column is as of: the period's closing at its last day, the compared pair at the synced block and its date. */
export function balanceDates(report: Pick<ReconcileReport, 'period' | 'syncedBlocks' | 'syncedBlockTimes'>): {
  closing: string;
  note: string;
} {
  const blocks = Object.entries(report.syncedBlocks)
    .map(([chainId, block]) => {
      const time = minuteUtc(report.syncedBlockTimes?.[chainId]);
      return `chain ${chainId} block ${block}${time === '' ? '' : ` of ${time}`}`;
    })
    .join(', ');
  const closing = report.period.to === undefined ? 'Closing (period end)' : `Closing ${report.period.to}`;
  return {
    closing,
    note: `${closing} is the period's balance at its end, not compared. The difference compares the ledger at the synced block (${blocks === '' ? 'none' : blocks}) with the chain's balance read at its head then.`,
  };
}

type FoldedAsset = ReconcileReportAsset & { tokenIds?: readonly string[] };

const AMOUNTS = ['opening', 'in', 'out', 'fees', 'closing', 'ledgerBalance', 'chainBalance', 'difference'] as const;

/** A collection's ids as one row: counts summed (unknown when any is), differing when any id differs. */
function foldAssets(group: readonly ReconcileReportAsset[]): FoldedAsset {
  const first = group[0] as ReconcileReportAsset;
  const amounts = Object.fromEntries(
    AMOUNTS.map((name) => {
      const raw = sumRaw(group.map((asset) => asset[name]?.raw ?? ''));
      return [name, raw === '' ? null : { raw, amount: raw }];
    }),
  ) as Pick<ReconcileReportAsset, (typeof AMOUNTS)[number]>;
  const differing = group.filter((asset) => asset.status === 'differs');
  const blocks = group.flatMap((asset) => (asset.firstDivergence === null ? [] : [asset.firstDivergence.block]));
  return {
    ...first,
    ...amounts,
    tokenId: '',
    status: differing.length > 0 ? 'differs' : first.status,
    firstDivergence: blocks.length === 0 ? null : { block: Math.min(...blocks) },
    tokenIds: group.map((asset) => asset.tokenId),
  };
}

/** The roll-forward's rows, each NFT collection of a wallet on one row; `status` adds the verdict's column. */
export function rollForwardRows(assets: readonly ReconcileReportAsset[], status: boolean): Html[] {
  const rows = foldNftCollections<ReconcileReportAsset, FoldedAsset>(
    assets,
    (asset) => (isNftKind(asset.assetKind) ? `${asset.chainId}|${asset.wallet}|${asset.assetContract}|${asset.spam}` : null),
    foldAssets,
    (asset) => asset,
  );
  return rows.map(
    (asset) =>
      html`<tr class="${asset.status === 'differs' ? 'differs' : ''}${asset.spam === '' ? '' : ' spam'}">
${holderCell(asset.chain, asset.wallet, asset.walletLabel)}<td class="asset-label">${assetLabel(asset)}${asset.tokenIds === undefined ? '' : tokenIdList(asset.tokenIds)}</td>
<td class="num">${reportAmount(asset, asset.opening)}</td><td class="num">${reportAmount(asset, asset.in)}</td><td class="num">${reportAmount(asset, asset.out)}</td><td class="num">${reportAmount(asset, asset.fees)}</td>
<td class="num">${reportAmount(asset, asset.closing)}</td><td class="num">${reportAmount(asset, asset.ledgerBalance)}</td><td class="num">${syncedBlockCell(asset)}</td><td class="num">${reportAmount(asset, asset.chainBalance)}</td><td class="num">${reportAmount(asset, asset.difference)}</td>
${status ? html`<td>${asset.status}${asset.firstDivergence === null ? '' : html`<br>from block ${asset.firstDivergence.block}`}</td>` : ''}</tr>`,
  );
}

/** The roll-forward's header row; `status` as for its rows. */
export function rollForwardHead(closing: string, status: boolean): Html {
  return html`<thead><tr><th>Chain · wallet</th><th>Asset</th><th>Opening</th><th>In</th><th>Out</th><th>Fees</th><th>${closing}</th><th>Ledger at block</th><th>Block</th><th>On-chain at head</th><th>Difference</th>${status ? html`<th>Status</th>` : ''}</tr></thead>`;
}

/**
 * The reconcile report: the period's roll-forward up to its closing, then apart the figures actually compared
 * (the ledger at the synced block against the chain's balance then), since a past period's closing is not today's
 * balance; the counted assets first, spam in a table of its own (never looking like the asset it imitates).
 */
export function reconcilePage(input: { user: User; csrfToken: string; book: Book; run: Run; report: ReconcileReport }): Html {
  const dates = balanceDates(input.report);
  const head = rollForwardHead(dates.closing, true);
  const spam = input.report.assets.filter((asset) => asset.spam !== '');
  return layout({
    title: `Reconcile ${input.run.id}`,
    user: input.user,
    csrfToken: input.csrfToken,
    body: html`<h1>Reconcile of <a href="/books/${input.book.id}">${input.book.data.name}</a> (run <a href="/runs/${input.run.id}">${input.run.id}</a>) ${statusBadge(input.run.status)}</h1>
<p class="note">${dates.note}</p>
<div class="wide"><table class="reconcile">${head}<tbody>${rollForwardRows(
      input.report.assets.filter((asset) => asset.spam === ''),
      true,
    )}</tbody></table></div>
${
  spam.length === 0
    ? ''
    : html`<h2>Spam (${spam.length}, not counted)</h2>
<p>Tokens the spam rules or the book's deny list set apart; a symbol they claim is quoted, never taken for the real asset.</p>
<div class="wide"><table class="reconcile spam-table">${head}<tbody>${rollForwardRows(spam, true)}</tbody></table></div>`
}`,
  });
}
