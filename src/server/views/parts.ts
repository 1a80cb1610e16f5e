import type { Run, RunFile } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { shortened } from './shortened.js';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** A run status as a coloured badge (the colour comes from the class, never from inline style). */
export function statusBadge(status: Run['status'] | 'none'): Html {
  return html`<span class="status status-${status}">${status === 'none' ? 'never' : status}</span>`;
}

/** The files of a run with sizes and sha256, each a download link under `base`. */
export function filesTable(files: readonly RunFile[], base: string): Html {
  return html`<div class="wide"><table class="files"><thead><tr><th>File</th><th>Size</th><th>sha256</th></tr></thead><tbody>
${files.map((file) => html`<tr><td><a href="${base}/files/${file.name.split('/').map(encodeURIComponent).join('/')}" download>${file.name}</a></td><td class="num">${formatBytes(file.bytes)}</td><td>${shortened(file.sha256, 'hash')}</td></tr>`)}
</tbody></table></div>
<p><a class="button" href="${base}/archive.zip" download>Download all (zip)</a></p>`;
}

/** A CSV a run wrote (diff.csv) as a table scrolling in its own box; every cell is escaped text. */
export function csvTable(csv: { header: readonly string[]; rows: readonly (readonly string[])[] }, className: string): Html {
  return html`<div class="wide"><table class="${className}"><thead><tr>${csv.header.map((column) => html`<th>${column}</th>`)}</tr></thead><tbody>
${csv.rows.map((row) => html`<tr>${row.map((cell) => html`<td>${cell}</td>`)}</tr>`)}
</tbody></table></div>`;
}

/** The last alert a book's runs raised: when, which, and whether it reached anyone. */
export function alertNote(run: Run | undefined): Html {
  if (run?.summary?.alert === undefined) return html`<span class="status status-none">none</span>`;
  const { alert, alertAt, alertDelivered } = run.summary;
  return html`<a href="/runs/${run.id}">${String(alertAt ?? '')
    .slice(0, 16)
    .replace(
      'T',
      ' ',
    )} ${alert}</a> <span class="status ${alertDelivered === 'delivered' ? 'status-succeeded' : 'status-failed'}">${alertDelivered ?? ''}</span>`;
}

/** An ISO instant as the pages write it: minutes, UTC ('' when not known). */
export const minuteUtc = (iso: string | undefined): string =>
  iso === undefined || iso === '' ? '' : `${iso.slice(0, 16).replace('T', ' ')} UTC`;
