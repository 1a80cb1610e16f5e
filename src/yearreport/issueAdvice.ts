/**
 * What the accountant does about each cost-basis issue (`costbasis-issues.csv`'s `issue`): the fix, then what the
 * numbers meanwhile are. An issue not named here points to the file.
 */
const ISSUE_ADVICE: Readonly<Record<string, string>> = {
  unknown_price:
    'Add a price for the asset at that time (a price file row, or a manual price on the book) and run again; until then its proceeds, basis or gain stay empty and out of the totals.',
  missing_acquisition:
    'More left a pool than the records show came in: add the wallet or chain it came from, or an opening lot (opening lots file), and run again; the part without a lot has no basis.',
  unclassified_in:
    'A transfer in of no chosen category was taken in at its value: categorise it with a rule (income, gift_in, or an own transfer between wallets).',
  unclassified_out:
    'A transfer out of no chosen category left without a gain: categorise it with a rule (payment_out, gift_out, or an own transfer between wallets).',
  valued_by_sent_leg:
    'The received side of a trade had no value, so the proceeds are the sent side’s value: check the trade, and add a price for the received asset if it has one.',
  unknown_decimals: 'A token of unknown decimals took no part: mark it spam if it is, else find its decimals before the lots can count it.',
  allocation_surplus:
    'When the lots were shared out per wallet, some were left that no wallet held at that instant: check the wallets and the opening lots.',
  opening_lot_without_wallet: 'An opening lot names no wallet while lots are kept per wallet: give its wallet in the opening lots file.',
};

export function issueAdvice(issue: string): string {
  return ISSUE_ADVICE[issue] ?? 'See costbasis-issues.csv for the rows and their detail.';
}

/** What to do about rows without a value, by `prices-missing.csv`'s reason. */
export function missingPriceAdvice(reason: string): string {
  if (reason === 'unknown decimals') return 'No price can value an amount without units: mark the token spam if it is.';
  if (reason === 'rate-limited' || reason === 'source failed' || reason === 'not fetched')
    return 'The price source did not answer: run again later (the prices found are kept), or add the price yourself.';
  return 'Add a price at the rows’ times (a price file: time,chain,asset,currency,price; or a manual price on the book) and run again.';
}
