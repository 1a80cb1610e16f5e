import type { Book, Run, User } from '../../workspace/WorkspaceData.js';
import type { BalanceSeries } from '../balanceSeries.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { balanceChart } from './balanceChart.js';
import { layout } from './layout.js';

export function chartPage(input: {
  user: User;
  csrfToken: string;
  book: Book;
  run?: Run | undefined;
  period?: { from: string; to: string } | undefined;
  series: BalanceSeries[];
}): Html {
  const { run, period } = input;
  return layout({
    title: `Balances · ${input.book.data.name}`,
    user: input.user,
    csrfToken: input.csrfToken,
    body: html`<h1>Balances over time: <a href="/books/${input.book.id}">${input.book.data.name}</a></h1>
${
  run === undefined || period === undefined
    ? html`<p>No export or closed period yet: start one from the book page.</p>`
    : html`<p>From ${run.request.kind} run <a href="/runs/${run.id}">${run.id}</a>, ${period.from} to ${period.to}; spam and NFTs left out.</p>
${input.series.map((series) => balanceChart(series, period))}`
}`,
  });
}
