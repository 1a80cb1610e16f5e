/**
 * Worker thread: renders one CSV template over some chains of the store's ledger (`CsvPartSpec`) and posts
 * the batches to `workerCsvPart`, at most `WORKER_AHEAD` ahead of what the parent has taken.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import { openStore } from '../store/openStore.js';
import type { Store } from '../store/Store.js';
import { AmountFormatter } from '../templates/AmountFormatter.js';
import { AssetNamer } from '../templates/AssetNamer.js';
import { csvBatches } from '../templates/csvBatches.js';
import { ledgerFromStore } from './ledgerFromStore.js';
import type { CsvPartSpec, WorkerMessage } from './workerCsvPart.js';
import { WORKER_AHEAD } from './workerCsvPart.js';

const port = parentPort;
if (port === null) throw new Error('csvPartWorker runs as a worker thread');
const spec = workerData as CsvPartSpec;
let credits = WORKER_AHEAD;
let wake: (() => void) | null = null;
port.on('message', () => {
  credits += 1;
  wake?.();
  wake = null;
});
const post = (message: WorkerMessage): void => port.postMessage(message);

let store: Store | undefined;
try {
  store = openStore(spec.state);
  const { template } = spec;
  const amounts = new AmountFormatter(template.amounts.maxDecimals, template.amounts.rounding);
  const counts = { rows: 0, omittedSpamRows: 0, duplicateRows: 0 };
  const entries = ledgerFromStore(store, spec.ledger, spec.chains)();
  for (const batch of csvBatches(template, entries, { amounts, names: new AssetNamer(template.nftNaming, template.unknownTokenNaming) }, counts)) {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits -= 1;
    post({ type: 'batch', batch });
  }
  post({ type: 'done', tally: { ...counts, residuals: amounts.residualState() } });
} catch (error) {
  const known = error instanceof LedgerscanError ? error : null;
  post({
    type: 'error',
    failure: {
      message: error instanceof Error ? error.message : String(error),
      shortMessage: known?.shortMessage ?? 'rendering failed',
      details: known?.details ?? {},
      kind: known?.kind ?? 'internal',
    },
  });
} finally {
  // The parent ends this thread once it has read the last message; closing the port here could lose them.
  store?.close();
}
