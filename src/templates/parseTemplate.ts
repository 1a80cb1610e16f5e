import { isPlainObject as isObject } from '../config/isPlainObject.js';
import { InputError } from '../errors/LedgerscanError.js';
import type { Category } from '../ledger/LedgerEntry.js';
import { DateFormatter } from './DateFormatter.js';
import { fieldNames } from './fieldNames.js';
import { FORM_KEYS, parseFormParts } from './parseFormParts.js';
import type { Template, TemplateColumn } from './Template.js';
import { accountKeys, categories, DEFAULT_UNPAIRED, LAYOUTS, layoutProblem, RENDERERS, rowShapes } from './Template.js';

type Json = Record<string, unknown>;

const topKeys = [
  'name',
  'title',
  'docs',
  'confidence',
  'renderer',
  'layout',
  'split',
  'fileName',
  'lineEnding',
  'finalNewline',
  'date',
  'amounts',
  'labels',
  'types',
  'fee',
  'failed',
  'spam',
  'ignored',
  'nftNaming',
  'unknownTokenNaming',
  'balances',
  'accounts',
  'columns',
  'unpaired',
  'xlsx',
  '$comment',
];

/**
 * Validates a template's JSON and reports EVERY problem at once, each with its JSON path, in one InputError:
 * a user fixing a template file should not have to run the tool once per mistake.
 */
export function parseTemplate(json: unknown, source: string): Template {
  const problems: string[] = [];
  const problem = (path: string, message: string): void => {
    problems.push(`${path}: ${message}`);
  };
  if (!isObject(json)) throw new InputError('template is not a JSON object', { details: { template: source } });
  for (const key of Object.keys(json)) if (!topKeys.includes(key) && !FORM_KEYS.includes(key)) problem(`$.${key}`, 'unknown key');

  const str = (obj: Json, key: string, path: string, fallback?: string): string => {
    const value = obj[key];
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value !== 'string') {
      problem(`${path}.${key}`, value === undefined ? 'required string is missing' : 'must be a string');
      return fallback ?? '';
    }
    return value;
  };
  const oneOf = <T extends string>(obj: Json, key: string, path: string, allowed: readonly T[], fallback?: T): T => {
    const value = str(obj, key, path, fallback);
    if (!(allowed as readonly string[]).includes(value)) {
      if (typeof obj[key] === 'string') problem(`${path}.${key}`, `must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`);
      return allowed[0] as T;
    }
    return value as T;
  };
  const sub = (obj: Json, key: string, path: string, keys: readonly string[]): Json => {
    const value = obj[key];
    if (value === undefined) return {};
    if (!isObject(value)) {
      problem(`${path}.${key}`, 'must be an object');
      return {};
    }
    for (const k of Object.keys(value)) if (!keys.includes(k)) problem(`${path}.${key}.${k}`, 'unknown key');
    return value;
  };

  const name = str(json, 'name', '$');
  if (name !== '' && !/^[a-z0-9][a-z0-9-]*$/.test(name)) problem('$.name', 'use lowercase letters, digits and dashes');
  const renderer = oneOf(json, 'renderer', '$', RENDERERS, 'csv');
  const layout = oneOf(json, 'layout', '$', LAYOUTS);
  const mismatch = layoutProblem(renderer, layout);
  if (mismatch !== null) problem('$.layout', mismatch);
  const split = oneOf(json, 'split', '$', ['combined', 'wallet-chain', 'wallet-chain-asset'] as const, 'combined');
  const fileName = str(json, 'fileName', '$');
  checkFileName(fileName, split, problem);

  const finalNewline = json.finalNewline ?? true;
  if (typeof finalNewline !== 'boolean') problem('$.finalNewline', 'must be true or false');
  const xlsx = json.xlsx ?? false;
  if (typeof xlsx !== 'boolean') problem('$.xlsx', 'must be true or false');
  else if (xlsx && renderer !== 'csv') problem('$.xlsx', `a spreadsheet twin needs renderer "csv" (renderer ${renderer} writes text)`);

  const date = sub(json, 'date', '$', ['format', 'zone']);
  const dateFormat = str(date, 'format', '$.date', "yyyy-MM-dd'T'HH:mm:ss'Z'");
  checkDateFormat(dateFormat, '$.date.format', problem);
  const zone = str(date, 'zone', '$.date', 'UTC');
  if (zone !== 'job' && !isZone(zone)) problem('$.date.zone', `unknown time zone ${JSON.stringify(zone)} (use an IANA name or "job")`);

  const amounts = sub(json, 'amounts', '$', ['maxDecimals', 'rounding']);
  const maxDecimals = amounts.maxDecimals ?? null;
  if (maxDecimals !== null && !(Number.isInteger(maxDecimals) && (maxDecimals as number) >= 0 && (maxDecimals as number) <= 80)) {
    problem('$.amounts.maxDecimals', 'must be null or an integer from 0 to 80');
  }
  const rounding = oneOf(amounts, 'rounding', '$.amounts', ['half-even', 'half-up', 'down'] as const, 'half-even');

  const labelKeys = ['*', 'spam', ...categories, ...rowShapes, ...categories.flatMap((c) => rowShapes.map((s) => `${c}.${s}`))];
  const labels = stringRecord(json, 'labels', labelKeys, problem);
  const types = stringRecord(json, 'types', labelKeys, problem);
  const accounts = stringRecord(json, 'accounts', accountKeys(layout), problem);
  if (layout === 'posting' && accounts.asset === undefined)
    problem('$.accounts.asset', 'the posting layout needs an asset account pattern');

  const fee = sub(json, 'fee', '$', ['placement', 'separateWhen']);
  const placement = oneOf(fee, 'placement', '$.fee', ['columns', 'inside', 'row'] as const, 'columns');
  const separateWhen: ('no-sent' | 'same-currency')[] = [];
  const rawSeparate = fee.separateWhen ?? [];
  if (!Array.isArray(rawSeparate)) problem('$.fee.separateWhen', 'must be an array');
  else {
    rawSeparate.forEach((value: unknown, i) => {
      if (value === 'no-sent' || value === 'same-currency') separateWhen.push(value);
      else problem(`$.fee.separateWhen[${i}]`, 'must be "no-sent" or "same-currency"');
    });
  }

  const columns = parseColumns(json.columns, layout, renderer, problem);
  if (layout === 'lots' && json.columns !== undefined) problem('$.columns', `renderer ${renderer} writes its own columns (remove them)`);

  const unpaired: Category[] = [];
  const rawUnpaired = json.unpaired ?? DEFAULT_UNPAIRED;
  if (!Array.isArray(rawUnpaired)) problem('$.unpaired', 'must be an array of categories');
  else {
    rawUnpaired.forEach((value: unknown, i) => {
      if (categories.includes(value as Category)) unpaired.push(value as Category);
      else problem(`$.unpaired[${i}]`, `unknown category ${JSON.stringify(value)} (use one of ${categories.join(', ')})`);
    });
  }

  const template: Template = {
    name,
    title: str(json, 'title', '$'),
    docs: str(json, 'docs', '$'),
    confidence: oneOf(json, 'confidence', '$', ['confirmed', 'partly', 'unconfirmed'] as const),
    renderer,
    layout,
    split,
    fileName,
    lineEnding: oneOf(json, 'lineEnding', '$', ['lf', 'crlf'] as const, 'lf'),
    finalNewline: finalNewline === true,
    date: { format: dateFormat, zone },
    amounts: { maxDecimals: maxDecimals as number | null, rounding },
    labels,
    types,
    fee: { placement, separateWhen },
    failed: oneOf(json, 'failed', '$', ['sent', 'fee-columns'] as const, 'sent'),
    spam: oneOf(json, 'spam', '$', ['keep', 'label', 'omit'] as const, 'keep'),
    ignored: oneOf(json, 'ignored', '$', ['keep', 'omit'] as const, 'omit'),
    nftNaming: oneOf(json, 'nftNaming', '$', ['symbol', 'placeholder'] as const, 'symbol'),
    unknownTokenNaming: oneOf(json, 'unknownTokenNaming', '$', ['symbol', 'placeholder'] as const, 'symbol'),
    balances: oneOf(json, 'balances', '$', ['none', 'opening', 'opening-closing'] as const, 'none'),
    accounts,
    columns,
    unpaired,
    xlsx: xlsx === true,
    source,
    form: parseFormParts(json, layout, (raw, at, path) => parseColumns(raw, at, renderer, problem, path), problem),
  };
  checkNoAmountLost(template, problem);
  if (template.balances === 'opening' && template.layout === 'transaction')
    problem('$.balances', 'opening balance rows need the entry or posting layout');
  if (template.balances === 'opening-closing' && template.layout !== 'posting')
    problem('$.balances', '"opening-closing" needs the posting layout (closing books the balance against equity)');
  if (template.spam === 'label' && labels.spam === undefined) problem('$.labels.spam', 'spam "label" needs a spam label');
  if (problems.length > 0) {
    throw new InputError(`template has ${problems.length} problem${problems.length === 1 ? '' : 's'}`, {
      details: { template: source, problems: problems.join(' | ') },
    });
  }
  return template;
}

function parseColumns(
  raw: unknown,
  layout: Template['layout'],
  renderer: Template['renderer'],
  problem: (path: string, message: string) => void,
  at = '$.columns',
): TemplateColumn[] {
  if (raw === undefined && renderer !== 'csv') return [];
  if (!Array.isArray(raw) || raw.length === 0) {
    problem(at, 'must be a non-empty array of columns');
    return [];
  }
  const allowed = fieldNames(layout);
  return raw.map((column: unknown, i): TemplateColumn => {
    const path = `${at}[${i}]`;
    if (!isObject(column)) {
      problem(path, 'must be an object with "header" and "field" or "constant"');
      return { header: '', field: null, constant: '', dateFormat: null, valued: false, valuedField: null };
    }
    for (const key of Object.keys(column))
      if (!['header', 'field', 'constant', 'dateFormat', 'valued', 'valuedField'].includes(key)) problem(`${path}.${key}`, 'unknown key');
    if (typeof column.header !== 'string') problem(`${path}.header`, 'required string is missing');
    const field = column.field;
    const constant = column.constant;
    if ((field === undefined) === (constant === undefined)) problem(path, 'give exactly one of "field" or "constant"');
    if (field !== undefined && (typeof field !== 'string' || !allowed.includes(field))) {
      problem(`${path}.field`, `unknown field ${JSON.stringify(field)} for layout ${layout}`);
    }
    if (constant !== undefined && typeof constant !== 'string') problem(`${path}.constant`, 'must be a string');
    const dateFormat = column.dateFormat;
    if (dateFormat !== undefined) {
      if (field !== 'date' || typeof dateFormat !== 'string') problem(`${path}.dateFormat`, 'only a string, and only on the "date" field');
      else checkDateFormat(dateFormat, `${path}.dateFormat`, problem);
    }
    const valued = column.valued ?? false;
    if (typeof valued !== 'boolean') problem(`${path}.valued`, 'must be true or false');
    const valuedField = column.valuedField;
    if (valuedField !== undefined && (typeof valuedField !== 'string' || !allowed.includes(valuedField))) {
      problem(`${path}.valuedField`, `unknown field ${JSON.stringify(valuedField)} for layout ${layout}`);
    }
    return {
      header: typeof column.header === 'string' ? column.header : '',
      field: typeof field === 'string' ? field : null,
      constant: typeof constant === 'string' ? constant : '',
      dateFormat: typeof dateFormat === 'string' ? dateFormat : null,
      valued: valued === true,
      valuedField: typeof valuedField === 'string' ? valuedField : null,
    };
  });
}

/** A template that has nowhere to write an amount would silently drop it; refuse it instead. */
function checkNoAmountLost(template: Template, problem: (path: string, message: string) => void): void {
  if (template.renderer !== 'csv' || template.columns.length === 0) return;
  const fields = new Set(template.columns.map((c) => c.field));
  const has = (...names: string[]): boolean => names.every((n) => fields.has(n));
  if (template.layout === 'transaction' && !has('sent.amount', 'received.amount') && !has('base.amount', 'quote.amount')) {
    problem('$.columns', 'needs sent.amount and received.amount (or base.amount and quote.amount) columns, or amounts would be lost');
  }
  if (template.layout === 'entry' && !has('amount.signed') && !has('entry.amount') && !has('sent.amount', 'received.amount')) {
    problem('$.columns', 'needs an amount column (amount.signed, entry.amount, or sent.amount and received.amount)');
  }
  const feeInColumns = template.layout === 'transaction' && (template.fee.placement === 'columns' || template.failed === 'fee-columns');
  if (feeInColumns && !fields.has('fee.amount'))
    problem('$.fee.placement', 'fees go to the fee columns but there is no fee.amount column (add one or use placement "row")');
}

function stringRecord(
  json: Json,
  key: string,
  allowedKeys: readonly string[],
  problem: (path: string, message: string) => void,
): Record<string, string> {
  const value = json[key] ?? {};
  if (!isObject(value)) {
    problem(`$.${key}`, 'must be an object of strings');
    return {};
  }
  const record: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (!allowedKeys.includes(k)) problem(`$.${key}.${k}`, 'unknown key (use a category, a row shape, category.shape, spam or *)');
    else if (typeof v !== 'string') problem(`$.${key}.${k}`, 'must be a string');
    else record[k] = v;
  }
  return record;
}

function checkFileName(fileName: string, split: Template['split'], problem: (path: string, message: string) => void): void {
  if (fileName === '') return;
  if (/[/\\]|^\.|\.\./.test(fileName)) problem('$.fileName', 'must be a plain file name (no folders, no leading dot)');
  for (const match of fileName.matchAll(/\{([^}]*)\}/g)) {
    if (!['wallet', 'walletLabel', 'chain', 'asset'].includes(match[1] as string))
      problem('$.fileName', `unknown placeholder {${match[1]}}`);
  }
  const hasWallet = fileName.includes('{wallet}') || fileName.includes('{walletLabel}');
  if (split !== 'combined' && !(hasWallet && fileName.includes('{chain}')))
    problem('$.fileName', `split ${split} needs {wallet} or {walletLabel} and {chain}`);
  if (split === 'wallet-chain-asset' && !fileName.includes('{asset}')) problem('$.fileName', 'split wallet-chain-asset needs {asset}');
}

function checkDateFormat(pattern: string, path: string, problem: (path: string, message: string) => void): void {
  try {
    new DateFormatter(pattern, 'UTC').format(0);
  } catch (error) {
    problem(path, `invalid date-fns pattern: ${(error as Error).message}`);
  }
}

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
