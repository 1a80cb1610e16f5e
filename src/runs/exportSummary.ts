import path from 'node:path';
import { GAINS_FILE } from '../outputs/basisRecords.js';
import type { ExportResult } from '../pipeline/runExport.js';
import { syncSummary } from './syncSummary.js';

/** What an export did, for stdout: the sync, each template's rows and files, labels, rules and the manifest. */
export function exportSummary(result: ExportResult, cwd: string): string {
  const lines = [syncSummary(result.sync, result.api)];
  if (result.upToHead.length > 0) {
    lines.push(
      `the period has not ended on chain ${result.upToHead.join(', ')}: exported up to the chain's head (the manifest's blockRanges say upToHead)`,
    );
  }
  if (result.history !== null) {
    const calls = result.history.listCalls + result.history.receiptCalls;
    lines.push(
      calls === 0
        ? 'opening balances: the history before the period was already in the store'
        : `opening balances: synced the history before the period, ${calls} API calls (${result.history.rows} rows), kept in the store`,
    );
  }
  for (const template of result.templates) {
    const files = template.files.map((file) => path.relative(cwd, file)).join(', ');
    const extras = [
      template.omittedSpamRows > 0 ? `${template.omittedSpamRows} spam rows left out` : '',
      template.dustRows > 0 ? `${template.dustRows} dust rows below the tool's precision left out, carried into later rows` : '',
      template.residuals.length > 0 ? `rounding residual in ${template.residuals.length} assets` : '',
      template.assertions === null
        ? ''
        : `${template.assertions.accounts} closing balances asserted, ${template.assertions.fromChain} from the chain` +
          (template.assertions.differing.length > 0 ? `; the chain differs on ${template.assertions.differing.join(' ')}` : ''),
    ].filter((text) => text !== '');
    lines.push(`${template.template}: ${template.rows} rows → ${files}${extras.length > 0 ? ` (${extras.join('; ')})` : ''}`);
  }
  const { labels, overrides } = result;
  if (labels.enabled) {
    const refused = labels.refused === null ? '' : `; not fetched: ${labels.refused}`;
    lines.push(
      `counterparty labels: ${labels.tagged} of ${labels.counterparties} counterparties tagged, ${labels.fetched} asked in ${labels.calls} calls${refused}`,
    );
    const lists = labels.screeningLists;
    if (lists !== null) {
      const sizes = lists.lists
        .map(
          (list) =>
            `${list.chainId}/${list.label} ${list.fetchedAt === null ? 'none' : `${list.addresses} (${list.fetchedAt.slice(0, 10)})`}`,
        )
        .join(', ');
      lines.push(`screening lists: ${sizes}; ${lists.calls} calls${lists.refused === null ? '' : `; not fetched: ${lists.refused}`}`);
    }
  }
  if (overrides.screeningFile !== null)
    lines.push(`screening: ${overrides.screeningRows} rows → ${path.relative(cwd, overrides.screeningFile)}`);
  if (overrides.rules.length > 0)
    lines.push(`rules: ${overrides.rules.map((rule) => `${rule.id} ${rule.matched}`).join(', ')} entries changed`);
  if (result.valuation !== null) lines.push(valuationLine(result.valuation, cwd));
  const gains = result.outputs.gains;
  if (gains !== undefined) {
    const { totals, currency, unknownRows } = gains;
    const unknown = unknownRows.gains === 0 ? '' : ` (${unknownRows.gains} rows with an unknown figure, left out of the sums)`;
    lines.push(
      `cost basis (${gains.method}, ${gains.scope}): ${gains.rows.gains} gains rows, proceeds ${totals.proceeds}, cost basis ${totals.costBasis}, gain ${totals.gain} ${currency}${unknown}; income ${totals.income} ${currency} → ${path.relative(cwd, path.join(path.dirname(result.manifest), GAINS_FILE))}`,
    );
  }
  for (const form of result.outputs.taxForms?.forms ?? [])
    lines.push(`${form.template}: ${form.files.map((file, index) => `${form.rows[index] ?? 0} rows → ${file}`).join(', ')}`);
  for (const warning of result.warnings) lines.push(`warning: ${warning}`);
  lines.push(`manifest: ${path.relative(cwd, result.manifest)}`);
  return `${lines.join('\n')}\n`;
}

/** Price calls made of those expected (a warm run makes none), cache hits, and the rows left without a value. */
function valuationLine(valuation: NonNullable<ExportResult['valuation']>, cwd: string): string {
  const { stats } = valuation;
  const missing =
    valuation.missingRows === 0
      ? 'every priced row valued'
      : `${valuation.missingRows} rows without a price → ${path.relative(cwd, valuation.missingFile)}`;
  const spam = valuation.unqueried.spam ?? 0;
  const undecided = valuation.unqueried['unknown decimals'] ?? 0;
  return `values in ${stats.currency} (${stats.sources.join(', ')}${stats.fx === undefined ? '' : `, FX ${stats.fx}`}): ${stats.calls} price calls made of ${stats.expectedCalls} expected, ${stats.cacheHits} cache hits; ${missing}${undecided > 0 ? `; ${undecided} rows of tokens with unknown decimals not valued (listed too)` : ''}${spam > 0 ? `; ${spam} spam rows not valued` : ''}`;
}
