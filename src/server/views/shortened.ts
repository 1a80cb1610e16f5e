import { shortAddress } from '../../config/shortAddress.js';
import { html } from '../html.js';
import type { Html } from '../html.js';

/** `0x1234…abcd`: an address or hash short enough for a table cell; shorter values stay whole. */
export function shortHex(value: string): string {
  return value.length <= 14 ? value : `${value.slice(0, 6)}…${value.slice(-4)}`;
}

/** A long address or hash shortened, whole in its title, with a button (app.js) copying it whole. */
export function shortened(value: string, className: 'addr' | 'hash' = 'addr'): Html {
  if (value.length <= 14) return html`<span class="${className}">${value}</span>`;
  return html`<span class="${className}" title="${value}">${shortHex(value)}</span><button type="button" class="copy" data-action="copy" data-copy="${value}" title="Copy ${value}">copy</button>`;
}

/** A report's holder: the chain, then the wallet shortened with its label (left out when it is only the address shortened). */
export function holderCell(chain: string, wallet: string, label: string): Html {
  return html`<td class="holder">${chain}<br>${shortened(wallet)}${label === '' || label === shortAddress(wallet) ? '' : html` ${label}`}</td>`;
}
