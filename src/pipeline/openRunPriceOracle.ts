import type { JobRun, JobRunOptions } from './JobRun.js';
import { openPriceOracle, type OpenedPriceOracle } from './openPriceOracle.js';

/**
 * The oracle of a run, ready for `prepare`: the job's valuation over the run's store, Etherscan's daily price on
 * the job's API and key limiter, the other sources on `options.pricePacerFor` (shared by workers) or this
 * process's own pacers. `undefined` with `--no-values`.
 */
export function openRunPriceOracle(
  run: JobRun,
  options: JobRunOptions & { signal?: AbortSignal | undefined },
): OpenedPriceOracle | undefined {
  const { valuation, api } = run.job;
  if (valuation === undefined) return undefined;
  return openPriceOracle(valuation, run.store, {
    etherscan: { baseUrl: api.baseUrl, apiKey: api.apiKey, pacer: run.keyLimiter },
    ...(options.pricePacerFor === undefined ? {} : { pacerFor: options.pricePacerFor }),
    ...(options.log === undefined ? {} : { log: options.log }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
}
