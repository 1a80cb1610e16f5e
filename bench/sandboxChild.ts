/**
 * The sandbox in a process of its own, for the bench: on a 2-core machine an in-process sandbox took
 * the client's event loop for its own request handling, which a real explorer never does (its CPU is
 * not ours). Started by `startSandboxProcess`; answers `stats`, `grow` and `close` messages over IPC.
 */
import { generateWorld } from '../src/sandbox/generateWorld.js';
import { startSandbox } from '../src/sandbox/startSandbox.js';
import type { SandboxChildRequest, SandboxChildMessage, SandboxChildOptions } from './startSandboxProcess.js';

const options = JSON.parse(process.argv[2] ?? '{}') as SandboxChildOptions;
const start = performance.now();
const world = generateWorld({ seed: 1, scale: options.scale, spanFeeMarket: options.spanFeeMarket });
const generateSeconds = (performance.now() - start) / 1000;
const sandbox = await startSandbox({
  world,
  rate: options.rate,
  apiKeys: [options.apiKey, ...(options.moreKeys ?? [])],
  ...(options.headTime === undefined ? {} : { headTime: options.headTime }),
});
const send = (message: SandboxChildMessage): void => {
  process.send?.(message);
};
process.on('message', (request: SandboxChildRequest) => {
  if (request.type === 'stats') send({ type: 'stats', stats: sandbox.stats });
  else if (request.type === 'grow') {
    sandbox.growByDay();
    send({ type: 'grown' });
  } else void sandbox.close().then(() => process.exit(0));
});
// A parent that died never sends `close`.
process.on('disconnect', () => process.exit(0));
send({
  type: 'ready',
  url: sandbox.url,
  generateSeconds,
  chainIds: [...world.chainIds],
  wallets: world.wallets.map((wallet) => ({ address: wallet.address, label: wallet.label, chains: [...wallet.chains] })),
});
