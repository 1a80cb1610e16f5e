import type { Template } from './Template.js';
import type { ViewRow } from './ViewRow.js';

/** Which of a row's legs some column writes the amount of. */
export interface CarriedLegs {
  sent: boolean;
  received: boolean;
  fee: boolean;
}

/** The journals' postings carry every leg they are built from. */
export const EVERY_LEG: CarriedLegs = { sent: true, received: true, fee: true };

/**
 * Which legs of a row the template's columns carry an amount of, from the fields the columns name (see
 * `compileRow`): a template without a fee column, or with only `base.amount` on an exchange row, writes the
 * row but loses an amount, and the tie-out must see that. Worked out once per template; per row only branches.
 */
export function amountColumns(template: Template): (row: ViewRow) => CarriedLegs {
  const fields = new Set(template.columns.map((column) => column.field));
  const has = (...names: string[]): boolean => names.some((name) => fields.has(name));
  // Entry and posting rows have exactly one leg; these columns write it whichever side it is on. A posting's
  // asset side is a debit when the holding grows, a credit when it shrinks.
  const whole = has('entry.amount', 'entry.amount_raw', 'posting.amount', 'memo.quantity');
  const sent = whole || has('sent.amount', 'base.amount', 'amount.signed', 'posting.credit');
  const fee = has('fee.amount');
  const receivedAlone = whole || has('received.amount', 'base.amount', 'amount.signed', 'posting.debit');
  const receivedBeside = whole || has('received.amount', 'quote.amount');
  const alone = { sent, received: receivedAlone, fee };
  const beside = { sent, received: receivedBeside, fee };
  return (row) => (row.sent === null ? alone : beside);
}
