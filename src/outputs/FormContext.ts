import type { DateFormatter } from '../templates/DateFormatter.js';

/** One row of a tax form's file: its cells by field name (`FORM_FIELDS`), written as the template's columns say. */
export type FormRow = Readonly<Record<string, string>>;

/** What a tax form's rows are made with, besides the replay's report. */
export interface FormContext {
  /** The template's name, for refusals. */
  form: string;
  currency: string;
  /** The job's zone: the calendar a sale's year and holding term are read in. */
  timezone: string;
  /** The template's date cells. */
  dates: DateFormatter;
  /** `--zero-basis-for-missing`: an unknown cost basis written as 0 and said so on its row; unknown proceeds never. */
  zeroBasis: boolean;
  /** The period's first and last calendar day in the job's zone, `YYYY-MM-DD`. */
  period: { first: string; last: string };
}
