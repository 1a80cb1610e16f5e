import type { TemplateResult } from './renderTemplate.js';

type Count = readonly [string, number];

/**
 * The manifest's counts of the templates' renders: rows per template, and for each journal asserting balances its
 * assertions (the manifest lists these after the outputs' counts).
 */
export function templateCounts(results: readonly TemplateResult[]): { rows: Count[]; assertions: Count[] } {
  return {
    rows: results.map((result) => [`rows.${result.template}`, result.rows] as const),
    assertions: results.flatMap((result) =>
      result.assertions === null
        ? []
        : [
            [`assertions.${result.template}`, result.assertions.accounts] as const,
            [`assertions.${result.template}.fromChain`, result.assertions.fromChain] as const,
            [`assertions.${result.template}.differing`, result.assertions.differing.length] as const,
          ],
    ),
  };
}
