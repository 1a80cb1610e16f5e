import { issueAdvice, missingPriceAdvice } from './issueAdvice.js';
import { left, right, text } from './reportCells.js';
import type { ReportBlock, ReportSection } from './YearReport.js';
import type { YearReportFacts } from './YearReportFacts.js';

/*
 * The report's checking sections: what is left open (missing prices, cost-basis issues, each with what to do), whether
 * the ledger reconciles with the chain, and the hash of every file the report summarises.
 */

export function openItemsSection(facts: YearReportFacts): ReportSection {
  const { figures } = facts;
  const missingRows = figures.missingPrices.reduce((total, line) => total + line.rows, 0);
  const issueRows = figures.issues.reduce((total, line) => total + line.rows, 0);
  return {
    title: 'Open items',
    blocks: [
      text(
        missingRows === 0
          ? 'Missing prices: none, every row has a value.'
          : `Missing prices: ${missingRows} rows of ${figures.missingPrices.length} assets have no value (prices-missing.csv).`,
      ),
      ...(figures.missingPrices.length === 0
        ? []
        : [
            {
              kind: 'table',
              columns: [left('Chain', 1), left('Asset', 2), left('Why', 2), right('Rows', 1)],
              rows: figures.missingPrices.map((line) => [String(line.chainId), line.symbol || line.asset, line.reason, String(line.rows)]),
            } satisfies ReportBlock,
            ...[...new Set(figures.missingPrices.map((line) => line.reason))].map((reason) =>
              text(`${reason}: ${missingPriceAdvice(reason)}`),
            ),
          ]),
      text(
        issueRows === 0
          ? 'Cost-basis issues: none.'
          : `Cost-basis issues: ${issueRows} rows of ${figures.issues.length} kinds (costbasis-issues.csv).`,
      ),
      ...(figures.issues.length === 0
        ? []
        : [
            {
              kind: 'table',
              columns: [left('Issue', 2), right('Rows', 0.7), left('What to do', 7)],
              rows: figures.issues.map((line) => [line.issue, String(line.rows), issueAdvice(line.issue)]),
            } satisfies ReportBlock,
          ]),
    ],
  };
}

export function reconcileSection(facts: YearReportFacts): ReportSection {
  const { reconcile } = facts;
  const notCompared =
    reconcile.notCompared === 0 ? '' : ` ${reconcile.notCompared} have no chain balance to compare (NFTs, or a balance the API refused).`;
  const verdict = reconcile.allMatch
    ? `Reconciled: ${reconcile.matching} of ${reconcile.assets} assets' ledger balances equal the chain's, none differs (reconcile.csv).${notCompared}`
    : `Not reconciled: ${reconcile.differences.length} of ${reconcile.assets} assets' ledger balances differ from the chain's (reconcile.csv).${notCompared} ` +
      'Until the ledger holds what the chain holds, a missing record may change the figures above: reconcile.csv gives each one’s hint and first divergent block.';
  return {
    title: 'Reconciliation',
    blocks: [
      text(verdict),
      ...(reconcile.differences.length === 0
        ? []
        : [
            {
              kind: 'table',
              columns: [
                left('Wallet', 2),
                left('Chain', 1.5),
                left('Asset', 1.5),
                right('Ledger', 2.5),
                right('Chain', 2.5),
                right('Difference', 2.5),
                left('First block', 1.5),
              ],
              rows: reconcile.differences.map((line) => [
                line.wallet,
                line.chain,
                line.asset,
                line.ledger,
                line.onChain,
                line.difference,
                line.firstDivergentBlock === null ? '' : String(line.firstDivergentBlock),
              ]),
            } satisfies ReportBlock,
          ]),
      ...reconcile.unavailable.map((line) => text(`Not compared: ${line}.`)),
    ],
  };
}

export function filesSection(facts: YearReportFacts): ReportSection {
  return {
    title: 'Files',
    blocks: [
      text(
        'The files this report summarises, with their SHA-256 as manifest.json records them (the reconciliation’s as written): `sha256sum` of a file gives the same digits, or it was changed.',
      ),
      {
        kind: 'table',
        columns: [left('File', 3), right('Bytes', 1.2), left('SHA-256', 8.5, true)],
        rows: facts.files.map((file) => [file.path, String(file.bytes), file.sha256]),
      },
    ],
  };
}
