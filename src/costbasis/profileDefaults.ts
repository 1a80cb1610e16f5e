import type { BasisChange, BasisMethod, BasisScope, TaxProfile } from './CostBasisSettings.js';

/** What a profile sets when the user does not: the method, the scope, and the scope's own changes over time. */
export interface ProfileDefaults {
  method: BasisMethod;
  scope: BasisScope;
  changes: readonly BasisChange[];
}

/**
 * `us`: §1.1012-1(j) has lots identified wallet by wallet from 2025 (Rev. Proc. 2024-28), one pool per asset
 * before; `uk`: HMRC's matching over one pool per token and person; `de`: FIFO, as commonly applied, per wallet.
 */
export const PROFILE_DEFAULTS: Readonly<Record<TaxProfile, ProfileDefaults>> = {
  generic: { method: 'fifo', scope: 'universal', changes: [] },
  us: { method: 'fifo', scope: 'universal', changes: [{ from: '2025-01-01', scope: 'wallet' }] },
  uk: { method: 'uk', scope: 'universal', changes: [] },
  de: { method: 'fifo', scope: 'wallet', changes: [] },
};
