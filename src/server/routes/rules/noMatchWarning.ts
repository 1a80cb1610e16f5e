/** What the API and the book page say of a rule that changes no entry of the book's stored ledger (it is kept). */
export function noMatchWarning(ruleId: number): string {
  return `rule ${ruleId} matches no entry of the book's stored ledger: saved all the same, it applies once a matching transaction is synced`;
}
