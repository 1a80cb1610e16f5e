import type { Template } from './Template.js';
import type { ViewRow } from './ViewRow.js';

/** Which of a row's legs some column writes the amount of. */
export interface CarriedLegs {
  sent: boolean;
  received: boolean;
  fee: boolean;
}

/**
 * Which legs of a row the template's columns carry an amount of, from the fields the columns name (see
 * `compileRow`): a template without a fee column, or with only `base.amount` on an exchange row, writes the
 * row but loses an amount, and the tie-out must see that. Worked out once per template; per row only branches.
 */
export function amountColumns(template: Template): (row: ViewRow) => CarriedLegs {
  const fields = new Set(template.columns.map((column) => column.field));
  const has = (...names: string[]): boolean => names.some((name) => fields.has(name));
  const postings = has('posting.amount') || (has('posting.debit') && has('posting.credit'));
  // Entry and posting rows have exactly one leg; these columns write it whichever side it is on.
  const whole = has('entry.amount', 'entry.amount_raw') || postings;
  const sent = whole || has('sent.amount', 'base.amount', 'amount.signed');
  const fee = has('fee.amount');
  const receivedAlone = whole || has('received.amount', 'base.amount', 'amount.signed');
  const receivedBeside = whole || has('received.amount', 'quote.amount');
  const alone = { sent, received: receivedAlone, fee };
  const beside = { sent, received: receivedBeside, fee };
  return (row) => (row.sent === null ? alone : beside);
}
