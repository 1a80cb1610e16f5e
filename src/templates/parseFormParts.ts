import { isPlainObject as isObject } from '../config/isPlainObject.js';
import { BASIS_METHODS, TAX_PROFILES, type BasisMethod, type TaxProfile } from '../costbasis/CostBasisSettings.js';
import { FORM_LAYOUTS, type FormLayout, type Layout, type TaxFormSpec, type TemplateColumn } from './Template.js';

/** The keys only a tax form's template has. */
export const FORM_KEYS: readonly string[] = ['totals', 'needs'];

/** What a tax form reads of its file; the other keys say how ledger entries are rendered, which a form never does. */
const FORM_TEMPLATE_KEYS = ['name', 'title', 'docs', 'confidence', 'layout', 'fileName', 'date', 'columns', '$comment', ...FORM_KEYS];

type Json = Record<string, unknown>;
type Problem = (path: string, message: string) => void;
type ColumnsOf = (raw: unknown, layout: Layout, path: string) => TemplateColumn[];

export const isFormLayout = (layout: string): layout is FormLayout => (FORM_LAYOUTS as readonly string[]).includes(layout);

/**
 * A tax form's parts of its template (`null` for a template over ledger entries, which may not have them): the
 * second file of totals (`totals`: `layout`, `fileName`, `columns`) and what the form needs of the job's cost basis
 * (`needs`: `methods`, `profiles`, `currency`). Every problem is named with its JSON path.
 */
export function parseFormParts(json: Json, layout: Layout, columnsOf: ColumnsOf, problem: Problem): TaxFormSpec | null {
  if (!isFormLayout(layout)) {
    for (const key of FORM_KEYS)
      if (json[key] !== undefined) problem(`$.${key}`, `only a tax form has it (layout ${FORM_LAYOUTS.slice(0, 3).join(', ')})`);
    return null;
  }
  for (const key of Object.keys(json))
    if (!FORM_TEMPLATE_KEYS.includes(key)) problem(`$.${key}`, `a tax form (layout ${layout}) does not read it`);
  if (layout === 'schedule-d') problem('$.layout', 'schedule-d is a layout of totals: give it under "totals" of a gains form');
  if (json.fileName === '') problem('$.fileName', 'a tax form needs a file name');
  if (json.totals !== undefined && layout !== 'gains')
    problem('$.totals', 'only a gains form has totals (Schedule D is a sum of its rows)');
  return { totals: parseTotals(json.totals, columnsOf, problem), needs: parseNeeds(json.needs, problem) };
}

function parseTotals(raw: unknown, columnsOf: ColumnsOf, problem: Problem): TaxFormSpec['totals'] {
  if (raw === undefined) return null;
  if (!isObject(raw)) {
    problem('$.totals', 'must be an object with "layout", "fileName" and "columns"');
    return null;
  }
  for (const key of Object.keys(raw)) if (!['layout', 'fileName', 'columns'].includes(key)) problem(`$.totals.${key}`, 'unknown key');
  const layout = raw.layout;
  if (layout !== 'schedule-d') problem('$.totals.layout', 'must be "schedule-d" (the only layout of totals)');
  const fileName = raw.fileName;
  if (typeof fileName !== 'string' || !/^[^./\\][^/\\]*$/.test(fileName) || fileName.includes('..'))
    problem('$.totals.fileName', 'must be a plain file name (no folders, no leading dot)');
  return {
    layout: 'schedule-d',
    fileName: typeof fileName === 'string' ? fileName : '',
    columns: columnsOf(raw.columns, 'schedule-d', '$.totals.columns'),
  };
}

function parseNeeds(raw: unknown, problem: Problem): TaxFormSpec['needs'] {
  const needs: TaxFormSpec['needs'] = { methods: [], profiles: [], currency: null };
  if (raw === undefined) return needs;
  if (!isObject(raw)) {
    problem('$.needs', 'must be an object with "methods", "profiles" or "currency"');
    return needs;
  }
  for (const key of Object.keys(raw)) if (!['methods', 'profiles', 'currency'].includes(key)) problem(`$.needs.${key}`, 'unknown key');
  const { methods, profiles, currency } = raw;
  const list = <T extends string>(value: unknown, allowed: readonly T[], key: string): T[] => {
    if (value === undefined) return [];
    if (Array.isArray(value) && value.length > 0 && value.every((item) => (allowed as readonly unknown[]).includes(item)))
      return value as T[];
    problem(`$.needs.${key}`, `must be a non-empty list of ${allowed.join(', ')}`);
    return [];
  };
  needs.methods = list<BasisMethod>(methods, BASIS_METHODS, 'methods');
  needs.profiles = list<TaxProfile>(profiles, TAX_PROFILES, 'profiles');
  if (currency !== undefined) {
    if (typeof currency === 'string' && /^[A-Z]{3}$/.test(currency)) needs.currency = currency;
    else problem('$.needs.currency', 'must be an ISO currency code such as "USD"');
  }
  return needs;
}
