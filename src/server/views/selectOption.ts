import { html } from '../html.js';
import type { Html } from '../html.js';

/** An `<option>`, marked selected when it is the form's current value. */
export const selectOption = (value: string, label: string, selected: string | undefined): Html =>
  html`<option value="${value}"${selected === value ? html` selected` : ''}>${label}</option>`;
