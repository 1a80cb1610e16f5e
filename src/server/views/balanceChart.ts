import { formatUnits } from '../../ledger/money.js';
import type { BalanceSeries } from '../balanceSeries.js';
import { html } from '../html.js';
import type { Html } from '../html.js';

const WIDTH = 640;
const HEIGHT = 180;
const PAD = { left: 12, right: 12, top: 24, bottom: 22 };

/**
 * A step chart of one balance as inline SVG, drawn on the server (no chart script). Amounts stay
 * bigint; only the pixel positions are floating point. Labels show the exact figures.
 */
export function balanceChart(series: BalanceSeries, period: { from: string; to: string }): Html {
  const start = Date.parse(`${period.from}T00:00:00Z`);
  const end = Date.parse(`${period.to}T23:59:59Z`);
  const balances = [series.opening, ...series.points.map((point) => point.balance)];
  const min = balances.reduce((low, value) => (value < low ? value : low), balances[0] ?? 0n);
  const max = balances.reduce((high, value) => (value > high ? value : high), balances[0] ?? 0n);
  const span = max - min === 0n ? 1n : max - min;
  const x = (time: number): number =>
    PAD.left + ((Math.min(Math.max(time, start), end) - start) / (end - start)) * (WIDTH - PAD.left - PAD.right);
  const y = (balance: bigint): number =>
    HEIGHT - PAD.bottom - (Number(((balance - min) * 10_000n) / span) / 10_000) * (HEIGHT - PAD.top - PAD.bottom);
  let previous = y(series.opening);
  const path = [`M${x(start).toFixed(1)},${previous.toFixed(1)}`];
  for (const point of series.points) {
    const at = x(Date.parse(point.time)).toFixed(1);
    previous = y(point.balance);
    path.push(`H${at}`, `V${previous.toFixed(1)}`);
  }
  path.push(`H${x(end).toFixed(1)}`);
  const closing = balances.at(-1) ?? 0n;
  const title = `${series.chain} · ${series.walletLabel} · ${series.asset}`;
  return html`<figure class="chart">
<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="${title}">
<text x="${PAD.left}" y="14" class="chart-title">${title}</text>
<path d="${path.join(' ')}" class="chart-line"></path>
<text x="${PAD.left}" y="${HEIGHT - 6}" class="chart-axis">${period.from}</text>
<text x="${WIDTH - PAD.right}" y="${HEIGHT - 6}" class="chart-axis chart-end">${period.to}</text>
</svg>
<figcaption>${series.openingKnown ? 'opening' : 'change from period start; opening unknown (run a reconcile for this period)'} ${formatUnits(series.opening, series.decimals)} → closing ${formatUnits(closing, series.decimals)} ${series.asset}; low ${formatUnits(min, series.decimals)}, high ${formatUnits(max, series.decimals)}; ${series.points.length} movements</figcaption>
</figure>`;
}
