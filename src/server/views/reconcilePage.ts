import type { ReconcileJson, ReconcileJsonAmount } from '../../pipeline/reconcileReport.js';
import type { Book, Run, User } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { layout } from './layout.js';
import { statusBadge } from './parts.js';

const shown = (amount: ReconcileJsonAmount): string => (amount === null ? '' : amount.amount === '' ? `${amount.raw} (raw)` : amount.amount);

/** What each balance column is as of: the period's closing at its last day, the compared pair at the synced block, read during the run. */
export function balanceDates(report: Pick<ReconcileJson, 'period' | 'syncedBlocks'>, run: Run): { closing: string; note: string } {
  const blocks = Object.entries(report.syncedBlocks).map(([chainId, block]) => `chain ${chainId} block ${block}`).join(', ');
  const closing = report.period.to === undefined ? 'Closing (period end)' : `Closing ${report.period.to}`;
  const read = run.finishedAt === null ? '' : ` (run finished ${run.finishedAt})`;
  return {
    closing,
    note: `${closing} is the period's balance at its end, not compared. The difference compares the ledger at the synced block (${blocks === '' ? 'none' : blocks}) with the chain's balance read at its head by this run${read}.`,
  };
}

/**
 * The reconcile report: the period's roll-forward up to its closing, then apart the figures actually compared
 * (the ledger at the synced block against the chain's balance then), since a past period's closing is not today's balance.
 */
export function reconcilePage(input: { user: User; book: Book; run: Run; report: ReconcileJson }): Html {
  const dates = balanceDates(input.report, input.run);
  const rows = input.report.assets.map(
    (asset) => html`<tr class="${asset.status === 'differs' ? 'differs' : ''}${asset.spam === '' ? '' : ' spam'}">
<td>${asset.chain}</td><td><span class="addr">${asset.wallet}</span> ${asset.walletLabel}</td><td>${asset.asset}</td>
<td class="num">${shown(asset.opening)}</td><td class="num">${shown(asset.in)}</td><td class="num">${shown(asset.out)}</td><td class="num">${shown(asset.fees)}</td>
<td class="num">${shown(asset.closing)}</td><td class="num">${shown(asset.ledgerBalance)}</td><td>${asset.syncedBlock}</td><td class="num">${shown(asset.chainBalance)}</td><td class="num">${shown(asset.difference)}</td>
<td>${asset.firstDivergence?.block ?? ''}</td><td>${asset.status}</td></tr>`,
  );
  return layout({
    title: `Reconcile ${input.run.id}`,
    user: input.user,
    body: html`<h1>Reconcile of <a href="/books/${input.book.id}">${input.book.data.name}</a> (run <a href="/runs/${input.run.id}">${input.run.id}</a>) ${statusBadge(input.run.status)}</h1>
<p class="note">${dates.note}</p>
<table class="reconcile"><thead><tr><th>Chain</th><th>Wallet</th><th>Asset</th><th>Opening</th><th>In</th><th>Out</th><th>Fees</th><th>${dates.closing}</th><th>Ledger at block</th><th>Block</th><th>On-chain at head</th><th>Difference</th><th>First divergent block</th><th>Status</th></tr></thead>
<tbody>${rows}</tbody></table>`,
  });
}
