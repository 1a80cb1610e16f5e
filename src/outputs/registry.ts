import type { Static } from 'typebox';
import { balanceSeriesOutput } from './balanceSeriesOutput.js';
import { gainsJournalsOutput } from './gainsJournalsOutput.js';
import { gainsOutput } from './gainsOutput.js';
import { gainsReviewOutput } from './gainsReviewOutput.js';
import { missingPricesOutput } from './missingPricesOutput.js';
import type { AnyOutput, OutputNeed } from './Output.js';
import { overridesOutput } from './overridesOutput.js';
import { reportFiguresOutput } from './reportFiguresOutput.js';
import { reviewOutput } from './reviewOutput.js';
import { taxFormsOutput } from './taxFormsOutput.js';
import { tieoutOutput } from './tieoutOutput.js';

/**
 * Every output an export may write besides its templates, in the order they finish and their manifest parts are
 * written. A new output is one module and one line here, before the tie-out, which writes the sections of those
 * before it.
 */
export const OUTPUTS = [
  overridesOutput,
  missingPricesOutput,
  gainsOutput,
  taxFormsOutput,
  reportFiguresOutput,
  gainsJournalsOutput,
  gainsReviewOutput,
  balanceSeriesOutput,
  reviewOutput,
  tieoutOutput,
] as const;

/** Each registered output's typed result, by name; absent when the run did not offer what the output needs. */
export type OutputResults = { [O in (typeof OUTPUTS)[number] as O['name']]?: Static<O['result']> };

/** The registry's outputs a run offering `offered` writes: those whose every need it meets, in registry order. */
export function outputsFor(registry: readonly AnyOutput[], offered: ReadonlySet<OutputNeed>): AnyOutput[] {
  return registry.filter((output) => (Object.keys(output.needs) as OutputNeed[]).every((need) => offered.has(need)));
}
