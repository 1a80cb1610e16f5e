import type { BasisIssue } from '../costbasis/BasisReport.js';
import { formatUnits } from '../ledger/money.js';
import { csvLine } from '../templates/csvLine.js';

// Apart from basisRecords: the file names there are read by the CLI's help path, which loads no template code.

function issueRecord(issue: BasisIssue): string[] {
  const quantity = issue.quantity === null ? '' : formatUnits(issue.quantity, issue.decimals ?? 0);
  return [issue.entryId, issue.issue, quantity, issue.detail];
}

/**
 * `costbasis-issues.csv`'s lines, `issueRecord`'s cells as `csvLine` writes them. The details are a few texts, most
 * with commas (which csv-stringify quotes): each is encoded once, not per issue (CSV quotes cell by cell).
 */
export function issueLines(eol: '\n' | '\r\n' = '\n'): (issue: BasisIssue) => string {
  const details = new Map<string, string>();
  return (issue) => {
    const [entryId, name, quantity, detail] = issueRecord(issue) as [string, string, string, string];
    let cell = details.get(detail);
    if (cell === undefined) {
      cell = csvLine([detail], eol);
      // A detail may name a leg's own value state: the texts are few, but never kept without bound.
      if (details.size < 1024) details.set(detail, cell);
    }
    return `${csvLine([entryId, name, quantity], eol)},${cell}`;
  };
}
