import type { ReconcileJsonAmount, ReconcileJsonAsset } from '../../pipeline/reconcileReport.js';
import type { Book, Run, User } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { layout } from './layout.js';
import { statusBadge } from './parts.js';

const shown = (amount: ReconcileJsonAmount): string => (amount === null ? '' : amount.amount === '' ? `${amount.raw} (raw)` : amount.amount);

export function reconcilePage(input: { user: User; book: Book; run: Run; assets: readonly ReconcileJsonAsset[] }): Html {
  const rows = input.assets.map(
    (asset) => html`<tr class="${asset.status === 'differs' ? 'differs' : ''}${asset.spam === '' ? '' : ' spam'}">
<td>${asset.chain}</td><td><span class="addr">${asset.wallet}</span> ${asset.walletLabel}</td><td>${asset.asset}</td>
<td class="num">${shown(asset.opening)}</td><td class="num">${shown(asset.in)}</td><td class="num">${shown(asset.out)}</td><td class="num">${shown(asset.fees)}</td>
<td class="num">${shown(asset.closing)}</td><td class="num">${shown(asset.chainBalance)}</td><td class="num">${shown(asset.difference)}</td>
<td>${asset.firstDivergence?.block ?? ''}</td><td>${asset.status}</td></tr>`,
  );
  return layout({
    title: `Reconcile ${input.run.id}`,
    user: input.user,
    body: html`<h1>Reconcile of <a href="/books/${input.book.id}">${input.book.data.name}</a> (run <a href="/runs/${input.run.id}">${input.run.id}</a>) ${statusBadge(input.run.status)}</h1>
<table class="reconcile"><thead><tr><th>Chain</th><th>Wallet</th><th>Asset</th><th>Opening</th><th>In</th><th>Out</th><th>Fees</th><th>Closing</th><th>On-chain</th><th>Difference</th><th>First divergent block</th><th>Status</th></tr></thead>
<tbody>${rows}</tbody></table>`,
  });
}
