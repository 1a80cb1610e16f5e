import { RULE_CATEGORIES } from '../../ledger/LedgerRule.js';
import { DateFormatter } from '../../templates/DateFormatter.js';
import type { RuleReach, RuleRows } from '../../workspace/entries/ruleReach.js';
import type { Book, BookRule } from '../../workspace/WorkspaceData.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import { assetLabel } from './assetLabel.js';
import { fieldError } from './formControls.js';
import { legAsset } from './legAsset.js';
import { shortened } from './shortened.js';

/** What a rule matches, in the order the job file lists the criteria: addresses and hashes shortened, a view's words and instants whole. */
function matchText(match: Record<string, unknown>): Html {
  const shown = (key: string, value: unknown): Html | string =>
    Array.isArray(value)
      ? html`${value.map((item) => shortened(String(item), 'hash'))}`
      : typeof value === 'string' && value.startsWith('0x')
        ? shortened(value, key === 'tx' ? 'hash' : 'addr')
        : String(value);
  return html`${Object.entries(match).map(([key, value]) => html`<span class="criterion">${key} ${shown(key, value)}</span> `)}`;
}

/** What a rule does: its category, spam, ignore or label. */
function actionText(rule: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof rule.category === 'string') parts.push(rule.category);
  if (rule.spam === true) parts.push('spam');
  if (rule.spam === false) parts.push('not spam');
  if (rule.ignore === true) parts.push('ignore');
  if (typeof rule.label === 'string') parts.push(`label “${rule.label}”`);
  return parts.join(', ');
}

/** The table's rows of a rule: every date (the page would otherwise open on the book's period), the rule's filters. */
function rowsLink(book: Book, rows: RuleRows): Html {
  const query = new URLSearchParams({ from: '', to: '', ...rows }).toString();
  return html`<a href="/books/${book.id}/entries?${query}">its rows</a>`;
}

/** The legs a rule by entry ids names: date in the book's zone, wallet, direction, asset and amount, each linking to its transaction's rows. */
function namedLegs(book: Book, reach: RuleReach): Html {
  const dates = new DateFormatter('yyyy-MM-dd HH:mm', book.data.timezone ?? 'UTC');
  const legs = reach.named.map((entry) => {
    const { asset, units } = legAsset(entry);
    const query = new URLSearchParams({ from: '', to: '', q: entry.cells.tx_hash ?? '' }).toString();
    return html`<li data-entry="${entry.entryId}"><a href="/books/${book.id}/entries?${query}">${dates.format(entry.timestamp)}</a> ${entry.cells.wallet_label || shortened(entry.cells.wallet ?? '')} ${entry.cells.direction ?? ''} ${units} ${assetLabel(asset)}</li>`;
  });
  const missing = reach.missing.map((id) => html`<li class="missing">${id}: not in the table</li>`);
  return html`<ul class="named-legs">${legs}${missing}</ul>`;
}

/** What a rule matches in words, the rows it reaches, and a mark when the table has none. */
function matchCell(book: Book, one: BookRule, reach: RuleReach | undefined): Html {
  const match = (one.rule.match ?? {}) as Record<string, unknown>;
  const named = Array.isArray(match.entries);
  const criteria = named ? { ...match, entries: undefined } : match;
  const shown = Object.fromEntries(Object.entries(criteria).filter(([, value]) => value !== undefined));
  return html`${matchText(shown)}${reach === undefined ? '' : named ? namedLegs(book, reach) : reach.rows === undefined || reach.matchesNothing ? '' : rowsLink(book, reach.rows)}${reach?.matchesNothing === true ? html` <span class="status no-match">matches nothing in the table</span>` : ''}`;
}

/**
 * The book's corrections (docs/ledger-rules.md, "Book rules"), oldest first as they apply, each with what it reaches
 * in the transactions table (`ruleReach`); admins add one with its reason (app.js shows the API's warning when it
 * matches nothing yet) and delete one, asked first.
 */
export function rulesSection(book: Book, rules: readonly BookRule[], reach: ReadonlyMap<number, RuleReach>, admin: boolean): Html {
  const rows = rules.map(
    (one) =>
      html`<tr data-rule="${one.id}"><td>${one.id}</td><td>${matchCell(book, one, reach.get(one.id))}</td><td>${actionText(one.rule)}</td><td>${one.reason}</td><td>${one.author}</td><td>${one.created.slice(0, 16).replace('T', ' ')}</td>
${admin ? html`<td><button type="button" class="danger" data-action="delete-rule" data-url="/api/books/${book.id}/rules/${one.id}" data-confirm="Delete rule ${one.id}? Later runs no longer apply it; filed periods keep their files.">Delete</button></td>` : ''}</tr>`,
  );
  const list =
    rules.length === 0
      ? html`<p>No rule yet: every entry is as the ledger rules categorise it.</p>`
      : html`<div class="wide"><table class="rules"><thead><tr><th>Rule</th><th>Matches</th><th>Sets</th><th>Reason</th><th>Author</th><th>Created (UTC)</th>${admin ? html`<th></th>` : ''}</tr></thead><tbody>${rows}</tbody></table></div>`;
  return html`${list}${admin ? ruleForm(book) : ''}`;
}

function ruleForm(book: Book): Html {
  const criteria = [
    ['tx', 'transaction hash'],
    ['counterparty', 'counterparty'],
    ['contract', 'token contract'],
    ['method', 'method'],
    ['entries', 'entry ids (two legs of an own transfer)'],
  ];
  return html`<form data-form="rule" data-url="/api/books/${book.id}/rules" class="card">
<label>Match <select name="criterion">${criteria.map(([value, text]) => html`<option value="${value ?? ''}">${text ?? ''}</option>`)}</select></label>
<label>Value <input name="value" required placeholder="0x… (entry ids: separated by spaces)"></label>${fieldError('match')}
${ruleActionFields('Add rule')}
</form>`;
}

/** What a rule sets and why: the fields every rule form shares (the book's form, a row's and a selection's in the table). */
export function ruleActionFields(submit: string): Html {
  return html`<label>Set <select name="action">${RULE_CATEGORIES.map((category) => html`<option value="category:${category}">category ${category}</option>`)}
<option value="spam:true">spam</option><option value="spam:false">not spam</option><option value="ignore:true">ignore</option><option value="label:">counterparty label</option></select></label>
<label>Label <input name="label" placeholder="only for a counterparty label"></label>${fieldError('category')}${fieldError('label')}
<label>Reason <input name="reason" required maxlength="500"></label>${fieldError('reason')}
<button type="submit">${submit}</button>
<p class="error" data-error></p>`;
}
