import type { ReportBlock, ReportColumn } from './YearReport.js';

/** The report's cells and columns: text as the files have it, money only with its thousands grouped. */
export const left = (title: string, width: number, mono?: true): ReportColumn => ({
  title,
  align: 'left',
  width,
  ...(mono ? { mono } : {}),
});
export const right = (title: string, width: number): ReportColumn => ({ title, align: 'right', width });
export const text = (value: string): ReportBlock => ({ kind: 'text', text: value });

/** An amount of money with its thousands grouped (`-1,234.50`): the file's digits, only easier to read. */
export function groupedMoney(amount: string): string {
  const [whole = '', fraction] = amount.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.slice(sign.length).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}${fraction === undefined ? '' : `.${fraction}`}`;
}
