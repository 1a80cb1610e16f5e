import type { Decimal } from '../../ledger/money.js';
import type { TrailPiece } from '../../outputs/gainTrail.js';
import { moneyText } from '../../outputs/moneyText.js';
import { DateFormatter } from '../../templates/DateFormatter.js';
import type { Book, Run, User } from '../../workspace/WorkspaceData.js';
import type { disposalTrail } from '../gainsView.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { entryLink } from './entryLink.js';
import { basisAsset, chainName } from './gainsPage.js';
import { layout } from './layout.js';
import { shortened } from './shortened.js';

export interface GainTrailPageInput {
  user: User;
  csrfToken: string;
  book: Book;
  run: Run;
  currency: string;
  trail: NonNullable<ReturnType<typeof disposalTrail>>;
  /** The disposed leg's place in the transactions table. */
  disposal: { entryId: string; txHash: string; timestamp: number };
}

/**
 * One disposal's lot trail, the arithmetic `ledgerscan gains --explain` prints (`gainTrailSteps`): the disposal, each
 * lot piece it took with the acquiring entry linked to its row in the transactions table, cost = lot cost × taken ÷
 * lot quantity, and gain = proceeds − selling costs − cost basis, per piece and in all.
 */
export function gainTrailPage(input: GainTrailPageInput): Html {
  const { book, run, currency, trail, user } = input;
  const { steps } = trail;
  const first = trail.rows[0];
  const money = (value: Decimal | null): string => (value === null ? 'unknown' : `${moneyText(value, currency)} ${currency}`);
  const dates = new DateFormatter('yyyy-MM-dd HH:mm', book.data.timezone ?? 'UTC');
  const asset = first === undefined ? html`` : basisAsset(first.asset, first.assetContract);
  const pieces = steps.pieces.map((piece) => pieceRow(book, piece, money, dates));
  return layout({
    title: `Lot trail · ${book.data.name}`,
    user,
    csrfToken: input.csrfToken,
    body: html`<p><a href="/books/${book.id}/gains?run=${run.id}">← Gains of run ${run.id}</a></p>
<h1>Lot trail of disposal ${input.disposal.entryId}</h1>
<dl class="trail-disposal">
<dt>Disposed</dt><dd>${steps.quantity} ${asset} on ${chainName(first?.chainId ?? 0)} (${first?.kind ?? ''}, ${first?.method ?? ''})</dd>
<dt>Wallet</dt><dd>${shortened(first?.wallet ?? '')}</dd>
<dt>When</dt><dd>${dates.format(input.disposal.timestamp)} · ${entryLink(book, input.disposal, 'its row in the transactions table')}</dd>
<dt>Proceeds</dt><dd data-proceeds>${money(steps.proceeds)}</dd>
<dt>Selling costs</dt><dd>${money(steps.sellingCosts)}</dd>
<dt>Cost basis</dt><dd data-cost-basis>${money(steps.costBasis)}</dd>
<dt>Gain</dt><dd data-gain>${money(steps.proceeds)} − ${money(steps.sellingCosts)} − ${money(steps.costBasis)} = <strong>${money(steps.gain)}</strong></dd>
</dl>
<h2>Lots taken (${steps.pieces.length})</h2>
<div class="wide"><table class="lot-trail"><thead><tr><th>Lot</th><th>Acquired</th><th>Taken</th><th>Cost basis</th><th>Proceeds</th><th>Selling costs</th><th>Gain</th><th>Term</th></tr></thead><tbody>${pieces}</tbody></table></div>`,
  });
}

function pieceRow(book: Book, piece: TrailPiece, money: (value: Decimal | null) => string, dates: DateFormatter): Html {
  const { row, taken, source, lot } = piece;
  const flags = row.flags.length === 0 ? '' : ` [${row.flags.join(', ')}]`;
  const gain = html`${money(row.proceeds)} − ${money(row.sellingCosts)} − ${money(row.costBasis)} = <strong>${money(row.gain)}</strong>`;
  const tail = html`<td>${money(row.proceeds)}</td><td>${money(row.sellingCosts)}</td><td data-piece-gain>${gain}</td><td>${row.term ?? ''}${flags}</td>`;
  if (lot === undefined) {
    const why =
      source === 'missing'
        ? 'no lot: more than the pool held, so no basis'
        : source === 'average'
          ? "the pool's average cost"
          : html`opening lot ${row.lotId ?? ''}`;
    return html`<tr data-piece="${source}"><td>${why}</td><td>${row.acquiredAt === null ? '' : dates.format(row.acquiredAt)}</td><td class="num">${taken}</td><td>${money(row.costBasis)}</td>${tail}</tr>`;
  }
  const carried = lot.carriedFees ? ' (its value plus the fees it carried)' : '';
  return html`<tr data-piece="lot" data-lot="${row.lotId ?? ''}"><td>${entryLink(book, lot.acquired, `lot ${row.lotId ?? ''}`)}<br><small>${lot.acquired.category}, valued ${money(lot.acquired.value)}, tx ${shortened(lot.acquired.txHash, 'hash')}</small></td><td>${dates.format(lot.acquired.timestamp)}</td><td class="num">${taken} of ${lot.quantity}</td><td data-arithmetic>${money(lot.cost)}${carried} × ${taken} ÷ ${lot.quantity} = ${money(row.costBasis)}</td>${tail}</tr>`;
}
