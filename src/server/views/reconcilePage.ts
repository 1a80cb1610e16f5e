import type { ReconcileJsonAmount, ReconcileJsonAsset } from '../../pipeline/reconcileReport.js';
import type { Book, Run, User } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { amountText, assetLabel, unitOf } from './assetLabel.js';
import { layout } from './layout.js';
import { statusBadge } from './parts.js';
import { shortened } from './shortened.js';

/** An amount of `reconcile.json` in the asset's units with its symbol (base units are in reconcile.csv). */
export const reportAmount = (asset: ReconcileJsonAsset, amount: ReconcileJsonAmount): string =>
  amount === null ? '' : amountText(amount.raw, asset.decimals, unitOf(asset), amount.amount);

function assetRows(assets: readonly ReconcileJsonAsset[]): Html[] {
  return assets.map(
    (asset) => html`<tr class="${asset.status === 'differs' ? 'differs' : ''}${asset.spam === '' ? '' : ' spam'}">
<td>${asset.chain}<br>${shortened(asset.wallet)} ${asset.walletLabel}</td><td>${assetLabel(asset)}</td>
<td class="num">${reportAmount(asset, asset.opening)}</td><td class="num">${reportAmount(asset, asset.in)}</td><td class="num">${reportAmount(asset, asset.out)}</td><td class="num">${reportAmount(asset, asset.fees)}</td>
<td class="num">${reportAmount(asset, asset.closing)}</td><td class="num">${reportAmount(asset, asset.chainBalance)}</td><td class="num">${reportAmount(asset, asset.difference)}</td>
<td>${asset.status}${asset.firstDivergence === null ? '' : html`<br>from block ${asset.firstDivergence.block}`}</td></tr>`,
  );
}

const HEAD = html`<thead><tr><th>Chain · wallet</th><th>Asset</th><th>Opening</th><th>In</th><th>Out</th><th>Fees</th><th>Closing</th><th>On-chain</th><th>Difference</th><th>Status</th></tr></thead>`;

/** The reconcile report: the counted assets, then spam apart (never looking like the asset it imitates). */
export function reconcilePage(input: { user: User; book: Book; run: Run; assets: readonly ReconcileJsonAsset[] }): Html {
  const spam = input.assets.filter((asset) => asset.spam !== '');
  return layout({
    title: `Reconcile ${input.run.id}`,
    user: input.user,
    body: html`<h1>Reconcile of <a href="/books/${input.book.id}">${input.book.data.name}</a> (run <a href="/runs/${input.run.id}">${input.run.id}</a>) ${statusBadge(input.run.status)}</h1>
<div class="wide"><table class="reconcile">${HEAD}<tbody>${assetRows(input.assets.filter((asset) => asset.spam === ''))}</tbody></table></div>
${spam.length === 0 ? '' : html`<h2>Spam (${spam.length}, not counted)</h2>
<p>Tokens the spam rules or the book's deny list set apart; a symbol they claim is quoted, never taken for the real asset.</p>
<div class="wide"><table class="reconcile spam-table">${HEAD}<tbody>${assetRows(spam)}</tbody></table></div>`}`,
  });
}
