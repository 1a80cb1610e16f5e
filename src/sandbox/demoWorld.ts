import { worldWallets } from './worldWallets.js';

/** The world `npm start` serves: seed, scale and chains of the demo. */
export const DEMO_SEED = 1;
export const DEMO_SCALE = 1;
export const DEMO_CHAINS: readonly number[] = [1, 10, 42161];

/** The demo job's wallets (addresses and labels) as samples/demo.job.json lists them. */
export const demoWorld = {
  seed: DEMO_SEED,
  scale: DEMO_SCALE,
  chains: DEMO_CHAINS,
  wallets: worldWallets(DEMO_SEED, DEMO_CHAINS).map(({ address, label, chains }) => ({ address, label, chains })),
} as const;
