/**
 * The year report as plain data: sections of paragraphs, label–value facts and tables, every cell already text.
 * Built by `buildYearReport` (pure, tested); laid out on A4 by the PDF writer, which adds nothing but layout.
 */
export interface YearReport {
  title: string;
  /** Under the title: the client and the period. */
  subtitle: string;
  sections: ReportSection[];
  /** On every page's foot, before its number. */
  footer: string;
}

export interface ReportSection {
  title: string;
  blocks: ReportBlock[];
}

export type ReportBlock =
  | { kind: 'text'; text: string }
  | { kind: 'facts'; rows: readonly (readonly [label: string, value: string])[] }
  | { kind: 'table'; columns: readonly ReportColumn[]; rows: readonly (readonly string[])[]; total?: readonly string[] };

export interface ReportColumn {
  title: string;
  align: 'left' | 'right';
  /** Its share of the table's width. */
  width: number;
  /** Hashes and addresses: a fixed-width face, so they read and compare digit by digit. */
  mono?: true;
}
