// ledgerscan workspace pages: every change goes through the JSON API with the page's CSRF token.
// Plain script (no build, no CDN); the CSP allows only this file. Text from the server is set
// with textContent, never parsed as HTML.
'use strict';

const csrf = () => document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';

async function api(method, url, body) {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    // A JSON content type with no body is refused by the server, so it goes only with a body.
    headers: { 'x-csrf-token': csrf(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  // The field the API names goes with the message, so the form shows it beside that field's control.
  if (!response.ok) throw Object.assign(new Error(data.error ?? `HTTP ${response.status}`), { field: data.field });
  return data;
}

const lines = (text) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
/** A chain as typed after @: an id as a number, a slug or name as text (the API takes either). */
const chainOf = (item) => (/^\d+$/.test(item) ? Number(item) : item);

/** The values of a rows editor (`data-rows`): one array of trimmed cells per row with anything in it. */
function rowValues(form, rows) {
  return [...form.querySelectorAll(`[data-rows="${rows}"] tbody tr`)]
    .map((row) => [...row.querySelectorAll('input')].map((input) => input.value.trim()))
    .filter((cells) => cells.some((cell) => cell !== ''));
}

function bookBody(form) {
  const get = (name) => form.elements[name].value.trim();
  return {
    name: get('name'),
    wallets: lines(form.elements.wallets.value).map((line) => {
      const [address, ...rest] = line.split(/\s+/);
      const chains =
        rest.length > 0 && rest[rest.length - 1].startsWith('@')
          ? rest
              .pop()
              .slice(1)
              .split(',')
              .map((item) => item.trim())
              .filter((item) => item !== '')
              .map(chainOf)
          : undefined;
      const label = rest.join(' ');
      return { address, ...(label === '' ? {} : { label }), ...(chains === undefined ? {} : { chains }) };
    }),
    chains: [...form.querySelectorAll('input[name="chains"]:checked')].map((input) => Number(input.value)),
    timezone: get('timezone') || 'UTC',
    labels: Object.fromEntries(rowValues(form, 'labels').map(([address, label]) => [address, label])),
    spam: {
      allow: rowValues(form, 'spam-allow').map(([address]) => address),
      deny: rowValues(form, 'spam-deny').map(([address]) => address),
    },
    valuation: {
      currency: get('currency'),
      sources: get('sources')
        .split(/[\s,]+/)
        .filter((name) => name !== ''),
      ...(get('price-file') === '' ? {} : { priceFile: get('price-file') }),
      ...(get('max-age') === '' ? {} : { maxAge: /^[0-9]+$/.test(get('max-age')) ? Number(get('max-age')) : get('max-age') }),
    },
    costBasis: form.elements['cost-basis'].checked ? costBasisBody(form, get) : null,
  };
}

/** The book's cost basis from its fieldset; a blank method or scope is the profile's. `null` (off) removes it from the book. */
function costBasisBody(form, get) {
  const given = (key, name) => (get(name) === '' ? {} : { [key]: get(name) });
  return {
    profile: get('tax-profile'),
    ...given('method', 'basis-method'),
    ...given('scope', 'basis-scope'),
    ...basisChanges(form),
    ...given('unclassifiedOut', 'unclassified-out'),
    ...given('openingLots', 'opening-lots'),
  };
}

/** The dated changes of method or scope, one row each (from, method, scope; a blank method or scope is unchanged). */
function basisChanges(form) {
  const changes = rowValues(form, 'basis-changes').map(([from, method, scope]) => ({
    from,
    ...(method === '' ? {} : { method }),
    ...(scope === '' ? {} : { scope }),
  }));
  return changes.length === 0 ? {} : { changes };
}

/** The run kinds as the API declares them (`GET /api/run-kinds`): what a request of each takes. Asked once per page. */
let runKinds;

/** A run request from a run form: the kind's options the form has, and a period and templates when the kind takes them. */
async function runBody(form) {
  runKinds ??= api('GET', '/api/run-kinds').catch((failure) => {
    runKinds = undefined;
    throw failure;
  });
  const get = (name) => form.elements[name]?.value ?? '';
  const kind = (await runKinds).find((candidate) => candidate.name === get('kind'));
  // An unknown kind goes as it is: the API's refusal names it.
  if (kind === undefined) return { kind: get('kind') };
  const options = Object.entries(kind.options)
    .filter(([name]) => form.elements[name] !== undefined)
    .map(([name, option]) => {
      const control = form.elements[name];
      return [name, option.type === 'boolean' ? (control.type === 'checkbox' ? control.checked : control.value === 'true') : get(name)];
    });
  const templates = [...form.querySelectorAll('input[name="templates"]:checked')].map((input) => input.value);
  const period = get('from') !== '' || get('to') !== '' ? { from: get('from'), to: get('to') } : { year: Number(get('year')) };
  return {
    kind: kind.name,
    ...Object.fromEntries(options),
    ...(kind.period ? { period } : {}),
    ...(kind.templates ? { templates } : {}),
  };
}

function schedulesBody(form) {
  return lines(form.elements.schedules.value).map((line) => {
    const [kind, cron, zone, templates] = line.split('|').map((part) => part.trim());
    return { kind, cron, zone: zone || 'UTC', ...(templates ? { templates: templates.split(',').map((name) => name.trim()) } : {}) };
  });
}

/** A book rule from the rules form: one match criterion, one action, the reason (docs/ledger-rules.md). */
function ruleBody(form) {
  const get = (name) => form.elements[name].value.trim();
  const criterion = get('criterion');
  const value =
    criterion === 'entries'
      ? get('value')
          .split(/[\s,]+/)
          .filter((id) => id !== '')
      : get('value');
  return { match: { [criterion]: value }, ...ruleAction(form), reason: get('reason') };
}

/** What a rule form sets: `category:…`, `spam:true|false`, `ignore:true`, or `label:` with the label field. */
function ruleAction(form) {
  const [key, setting] = form.elements.action.value.split(':');
  return key === 'label'
    ? { label: form.elements.label.value.trim() }
    : key === 'category'
      ? { category: setting }
      : { [key]: setting === 'true' };
}

/** After a fix is saved: the run it came from queued again and shown (a form with `data-rerun`), else the page reloaded. */
async function rerunOrReload(form) {
  if (form.dataset.rerun === undefined) return location.reload();
  const run = await api('POST', form.dataset.rerunUrl, JSON.parse(form.dataset.rerun));
  location.assign(`/runs/${run.id}`);
}

const handlers = {
  async login(form) {
    await api('POST', '/api/session', { user: form.elements.user.value, password: form.elements.password.value });
    location.assign('/');
  },
  async book(form) {
    const book = await api(form.dataset.method, form.dataset.url, bookBody(form));
    if (book.warnings?.length > 0) window.alert(`Saved, but note:\n${book.warnings.join('\n')}`);
    location.assign(`/books/${book.id}`);
  },
  async run(form) {
    const run = await api('POST', form.dataset.url, await runBody(form));
    location.assign(`/runs/${run.id}`);
  },
  // A book rule; from the gains worklist, then the same run queued again.
  async rule(form) {
    const added = await api('POST', form.dataset.url, ruleBody(form));
    if (added.warnings?.length > 0) window.alert(`Saved, but note:\n${added.warnings.join('\n')}`);
    await rerunOrReload(form);
  },
  // A manual price for a run's missing asset, then the same run queued again (a close's form only saves).
  async price(form) {
    const get = (name) => form.elements[name].value.trim();
    const added = await api('POST', form.dataset.url, {
      time: get('time'),
      chain: Number(get('chain')),
      asset: get('asset'),
      price: get('price'),
    });
    if (added.warnings?.length > 0) window.alert(`Saved, but note:\n${added.warnings.join('\n')}`);
    await rerunOrReload(form);
  },
  // A price series, pasted or chosen as a file: saved whole or refused at its first bad line; the table is valued at once.
  async 'price-series'(form) {
    const file = form.elements.file.files[0];
    const saved = await api('POST', form.dataset.url, { csv: file === undefined ? form.elements.csv.value : await file.text() });
    const note = saved.warnings.length > 0 ? `\nNote:\n${saved.warnings.join('\n')}` : '';
    window.alert(`Saved ${saved.rows} prices: the transactions table is valued from them now, the next run uses them.${note}`);
    location.reload();
  },
  // An opening lot for a missing acquisition (gains page), then the same run queued again.
  async 'opening-lot'(form) {
    const get = (name) => form.elements[name].value.trim();
    await api('POST', form.dataset.url, {
      wallet: get('wallet'),
      chain: Number(get('chain')),
      asset: get('asset'),
      assetContract: get('assetContract'),
      lotId: get('lotId'),
      acquiredAt: get('acquiredAt'),
      quantity: get('quantity'),
      cost: get('cost'),
      decimals: Number(get('decimals')),
    });
    await rerunOrReload(form);
  },
  async schedules(form) {
    await api('PUT', form.dataset.url, schedulesBody(form));
    location.reload();
  },
  async 'user-add'(form) {
    await api('POST', '/api/users', {
      name: form.elements.name.value.trim(),
      role: form.elements.role.value,
      password: form.elements.password.value,
    });
    location.reload();
  },
  async 'user-role'(form) {
    await api('PATCH', form.dataset.url, { role: form.elements.role.value });
    location.reload();
  },
  async 'book-staff'(form) {
    const users = [...form.querySelectorAll('input[name="users"]:checked')].map((box) => box.value);
    await api('PUT', form.dataset.url, { users });
    location.reload();
  },
  async 'user-reset'(form) {
    const done = await api('PUT', form.dataset.url, { password: form.elements.password.value });
    form.reset();
    form.querySelector('[data-error]').textContent = `reset; ${done.sessionsEnded} session(s) ended`;
  },
  async 'own-password'(form) {
    const password = form.elements.password.value;
    if (password !== form.elements.repeat.value) throw Object.assign(new Error('the two new passwords differ'), { field: 'repeat' });
    await api('PUT', '/api/me/password', { current: form.elements.current.value, password });
    form.reset();
    form.querySelector('[data-done]').hidden = false;
  },
  async review(form) {
    await api('PUT', form.dataset.url, { status: form.elements.status.value });
    location.reload();
  },
  async 'bulk-review'(form) {
    const status = form.elements.status.value;
    const done = await api('POST', form.dataset.url, { filter: JSON.parse(form.dataset.filter), status });
    form.querySelector('[data-done]').textContent = `${done.changed} marked ${status}.`;
    const undo = form.querySelector('[data-action="undo-review"]');
    undo.dataset.url = `${form.dataset.undoUrl}${done.action}/undo`;
    undo.hidden = false;
  },
  // A correction of the whole view, saved as one rule: the answer's count, the link to the rows, and its undo.
  async 'bulk-rule'(form) {
    const added = await api('POST', form.dataset.url, {
      filter: JSON.parse(form.dataset.filter),
      ...ruleAction(form),
      reason: form.elements.reason.value.trim(),
    });
    const note = added.warnings.length > 0 ? ` ${added.warnings.join(' ')}` : '';
    form.querySelector('[data-done]').textContent = `Rule ${added.rule.id} changes ${added.matched} entries.${note}`;
    form.querySelector('[data-reload]').href = location.href;
    form.querySelector('[data-reload]').hidden = false;
    const undo = form.querySelector('[data-action="undo-rule"]');
    undo.dataset.url = `${form.dataset.rulesUrl}${added.rule.id}`;
    undo.hidden = false;
  },
  async note(form) {
    await api('POST', form.dataset.url, { text: form.elements.text.value.trim() });
    location.reload();
  },
  async share(form) {
    const share = await api('POST', form.dataset.url, { days: Number(form.elements.days.value) });
    const output = form.querySelector('[data-share-url]');
    const link = document.createElement('a');
    // Without --public-url the server answers a path: the link to copy is on the origin this page came from.
    link.href = new URL(share.url, location.href).href;
    link.textContent = link.href;
    output.replaceChildren(link);
  },
};

// Irreversible actions (close a period, revoke a share, stop a run, delete or archive a book) carry the question
// to ask in `data-confirm`: nothing is sent unless the user accepts it.
const confirmed = (element) => element.dataset.confirm === undefined || window.confirm(element.dataset.confirm);

// A failed button action is shown beside its button (the element `data-error` next to it, else one made there).
function showActionError(button, failure) {
  let output = button.parentElement.querySelector('[data-error]');
  if (output === null) {
    output = document.createElement('span');
    output.className = 'error';
    output.dataset.error = '';
    button.after(output);
  }
  output.textContent = `${button.textContent.trim()} failed: ${failure.message}`;
}

// A shortened address or hash copied whole; where the clipboard is refused (plain http), it is shown whole and selected.
function copyText(button) {
  const done = () => {
    button.textContent = 'copied';
    setTimeout(() => {
      button.textContent = 'copy';
    }, 1500);
  };
  const select = () => {
    const shown = button.previousElementSibling;
    shown.textContent = button.dataset.copy;
    window.getSelection()?.selectAllChildren(shown);
  };
  if (navigator.clipboard === undefined) return select();
  navigator.clipboard.writeText(button.dataset.copy).then(done, select);
}

document.addEventListener('submit', (event) => {
  const form = event.target.closest('form[data-form]');
  if (form === null) return;
  event.preventDefault();
  if (!confirmed(form)) return;
  for (const place of form.querySelectorAll('[data-error], [data-error-for]')) place.textContent = '';
  handlers[form.dataset.form](form).catch((failure) => showFailure(form, failure));
});

/** The message beside the control of the field the API named (`chains[0]` → chains), else under the form. */
function showFailure(form, failure) {
  const field = /^[A-Za-z]+/.exec(failure.field ?? '')?.[0];
  const place = (field === undefined ? null : form.querySelector(`[data-error-for="${field}"]`)) ?? form.querySelector('[data-error]');
  if (place !== null) place.textContent = failure.message;
}

/** Rows editors: "Add" appends the fieldset's empty row from its template, "Remove" takes its row out. */
document.addEventListener('click', (event) => {
  const button = event.target.closest('button[data-action="add-row"], button[data-action="remove-row"]');
  if (button === null) return;
  if (button.dataset.action === 'remove-row') {
    button.closest('tr').remove();
    return;
  }
  const rows = button.closest('[data-rows]');
  rows.querySelector('tbody').append(rows.querySelector('template').content.cloneNode(true));
  rows.querySelector('tbody tr:last-child input')?.focus();
});

/**
 * The transactions page's one correction dialog, filled for the legs it corrects: the rule matches their entry ids;
 * review status and note are offered for one leg (`status` is its current one), not for a ticked set.
 */
function openCorrection(ids, title, status) {
  const dialog = document.querySelector('dialog[data-correction]');
  for (const form of dialog.querySelectorAll('form[data-form]')) form.reset();
  for (const place of dialog.querySelectorAll('[data-error], [data-error-for]')) place.textContent = '';
  dialog.querySelector('form[data-form="rule"]').elements.value.value = ids.join(' ');
  const one = dialog.querySelector('[data-one-leg]');
  one.hidden = status === undefined;
  if (status !== undefined) {
    const base = `${dialog.dataset.base}/${encodeURIComponent(ids[0])}`;
    const review = one.querySelector('form[data-form="review"]');
    review.dataset.url = `${base}/review`;
    review.elements.status.value = status;
    one.querySelector('form[data-form="note"]').dataset.url = `${base}/notes`;
  }
  dialog.querySelector('[data-correction-title]').textContent = title;
  dialog.showModal();
}

document.addEventListener('click', (event) => {
  const button = event.target.closest('button[data-action="correct"], button[data-action="correct-ticked"]');
  if (button === null) return;
  if (button.dataset.action === 'correct') {
    // The title names the leg as its row shows it: wallet, direction, asset, amount.
    const row = button.closest('tr');
    const cells = [...row.querySelectorAll('td')].slice(1, 5).map((cell) => cell.textContent.trim());
    openCorrection([row.dataset.entry], `Correct ${cells.join(' · ')}`, row.querySelector('.status').textContent.trim());
    return;
  }
  const ids = [...document.querySelectorAll('input[name="pick"]:checked')].map((box) => box.closest('tr').dataset.entry);
  if (ids.length === 0) return showActionError(button, new Error('tick the legs to correct first'));
  button.parentElement.querySelector('[data-error]')?.replaceChildren();
  openCorrection(ids, `Correct ${ids.length} ticked ${ids.length === 1 ? 'leg' : 'legs'}`, undefined);
});

/** The transactions page's history dialog for one leg: its changes, newest first, each line set as text. */
async function openHistory(entryId, title) {
  const dialog = document.querySelector('dialog[data-history]');
  const list = dialog.querySelector('[data-history-list]');
  const error = dialog.querySelector('[data-error]');
  list.replaceChildren();
  error.textContent = '';
  dialog.querySelector('#history-title').textContent = title;
  dialog.showModal();
  try {
    const { history } = await api('GET', `${dialog.dataset.base}/${encodeURIComponent(entryId)}/history`);
    const items = history.map((change) => {
      const item = document.createElement('li');
      item.dataset.change = change.action;
      item.textContent = `${change.at.slice(0, 16).replace('T', ' ')} · ${change.user ?? 'the workspace'} · ${change.change}`;
      return item;
    });
    if (items.length === 0) items.push(Object.assign(document.createElement('li'), { textContent: 'No change yet.' }));
    list.replaceChildren(...items);
  } catch (failure) {
    error.textContent = failure.message;
  }
}

/** A row's note, by the path its button names under the page's entries (`notes/7`). */
const noteUrl = (button) =>
  `${document.querySelector('dialog[data-history]').dataset.base}/${encodeURIComponent(button.closest('tr').dataset.entry)}/${button.dataset.note}`;

document.addEventListener('click', (event) => {
  const button = event.target.closest('button[data-action="history"], button[data-action="edit-note"], button[data-action="delete-note"]');
  if (button === null) return;
  const reload = [() => location.reload(), (failure) => showActionError(button, failure)];
  if (button.dataset.action === 'history') {
    const cells = [...button.closest('tr').querySelectorAll('td')].map((cell) => cell.textContent.trim());
    openHistory(button.closest('tr').dataset.entry, `History of ${cells.slice(-10, -6).join(' · ')}`);
  } else if (button.dataset.action === 'edit-note') {
    const text = window.prompt("The note's new text", button.dataset.text);
    if (text !== null) api('PUT', noteUrl(button), { text: text.trim() }).then(...reload);
  } else if (window.confirm('Delete this note? Its text stays in the audit log.')) api('DELETE', noteUrl(button)).then(...reload);
});

/** Buttons that send their `data-url` with this method, then show the page again (a failure is shown beside them). */
const RELOAD_AFTER = {
  revoke: 'DELETE',
  'delete-rule': 'DELETE',
  'delete-price': 'DELETE',
  'delete-lot': 'DELETE',
  'remove-user': 'DELETE',
  'refresh-entries': 'POST',
  'undo-review': 'POST',
  'undo-rule': 'DELETE',
  'restore-book': 'POST',
  'accept-suggestion': 'POST',
  'dismiss-suggestion': 'POST',
};

document.addEventListener('click', (event) => {
  const button = event.target.closest('button[data-action]');
  if (button === null) return;
  if (!confirmed(button)) return;
  if (button.dataset.action === 'logout') api('DELETE', '/api/session').finally(() => location.assign('/login'));
  if (button.dataset.action === 'stop') api('POST', button.dataset.url).catch((failure) => showActionError(button, failure));
  if (button.dataset.action === 'print') window.print();
  if (button.dataset.action === 'copy') copyText(button);
  if (button.dataset.action === 'remove-book')
    api('DELETE', button.dataset.url).then(
      () => location.assign('/'),
      (failure) => showActionError(button, failure),
    );
  if (button.dataset.action === 'accept-suggestions')
    api('POST', button.dataset.url, { ids: button.dataset.ids.split(' ') }).then(
      () => location.reload(),
      (failure) => showActionError(button, failure),
    );
  const method = RELOAD_AFTER[button.dataset.action];
  if (method !== undefined)
    api(method, button.dataset.url).then(
      () => location.reload(),
      (failure) => showActionError(button, failure),
    );
});

// Run page: live figures over Server-Sent Events; the page reloads once the run has finished, to show its files.
const section = document.querySelector('[data-run]');
if (section !== null && section.dataset.finished === 'no') {
  const field = (name) => section.querySelector(`[data-field="${name}"]`);
  const events = new EventSource(`/api/runs/${section.dataset.run}/events?after=${section.dataset.logLines}`);
  const show = (message) => {
    const run = JSON.parse(message.data);
    const { progress } = run;
    // The badge is replaced whole, so it keeps its look (class status-…) through every update.
    const badge = document.createElement('span');
    badge.className = `status status-${run.status}`;
    badge.textContent = run.status;
    field('status').replaceChildren(badge);
    field('bar').value = progress.blocksPercent;
    field('blocks').textContent = `${progress.blocksPercent} %`;
    field('receipts').textContent = `${progress.receiptsDone}/${progress.receiptsTotal}`;
    field('calls').textContent = String(progress.apiCalls);
    field('eta').textContent = progress.etaSeconds === null || run.status !== 'running' ? '–' : `${progress.etaSeconds} s`;
    const log = document.querySelector('pre.log');
    if (log !== null && run.log.length > 0) log.textContent = [log.textContent, ...run.log].filter((line) => line !== '').join('\n');
  };
  events.addEventListener('run', show);
  events.addEventListener('done', (message) => {
    show(message);
    events.close();
    setTimeout(() => location.reload(), 300);
  });
}
