import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import type { ValuationSettings } from '../../src/prices/ValuationSettings.js';

/** Valuation settings whose sources are the sandbox's own price endpoints. */
export function sandboxValuation(sandbox: Sandbox, overrides: Partial<ValuationSettings> = {}): ValuationSettings {
  const origin = new URL(sandbox.url).origin;
  return {
    currency: 'USD',
    sources: ['defillama'],
    maxAge: 86400,
    urls: {
      defillama: `${origin}/prices/defillama`,
      coingecko: `${origin}/prices/coingecko/api/v3`,
      ecb: `${origin}/prices/ecb`,
      etherscan: sandbox.url,
    },
    ...overrides,
  };
}
