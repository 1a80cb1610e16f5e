/**
 * Worker thread: renders one CSV template over some chains of the store's ledger (`CsvPartSpec`, its first message:
 * the thread starts while its parent still weighs the parts) as a local part (priced from recorded answers, or from the price cache, tallying its rows when collecting) and posts the batches to `workerCsvPart`, at most `WORKER_AHEAD` ahead of what the parent took.
 */
import { parentPort } from 'node:worker_threads';
import type { PipelineStore } from '../store/PipelineStore.js';
import { openStoreAt } from '../store/openStoreAt.js';
import { localCsvPart } from '../templates/CsvPart.js';
import { recordedPrices } from '../prices/RecordedPrices.js';
import { PriceTally } from '../prices/PriceTally.js';
import { historyBlocks, ledgerFromStore } from './ledgerFromStore.js';
import { openCacheReader } from './openCacheReader.js';
import { finishedTally } from './prepareValuation.js';
import type { CsvPartSpec, WorkerMessage } from './workerCsvPart.js';
import { failureOf, WORKER_AHEAD } from './workerCsvPart.js';
import { passConsumers, tapped } from './OutputPass.js';

const port = parentPort;
if (port === null) throw new Error('csvPartWorker runs as a worker thread');
const spec = await new Promise<CsvPartSpec>((resolve) => port.once('message', resolve));
let credits = WORKER_AHEAD;
let wake: (() => void) | null = null;
port.on('message', () => {
  credits += 1;
  wake?.();
  wake = null;
});
const post = (message: WorkerMessage): void => port.postMessage(message);

let store: PipelineStore | undefined;
try {
  store = openStoreAt(spec.store);
  const reader = spec.prices !== undefined && 'cache' in spec.prices ? openCacheReader(spec.prices.cache, store) : null;
  const prices = reader ?? (spec.prices !== undefined && 'answers' in spec.prices ? recordedPrices(spec.prices.answers) : null);
  const instants = spec.tallyInstants;
  const tally = reader === null || instants === undefined ? null : { counts: new PriceTally(reader), reader, instants };
  const read = ledgerFromStore(store, spec.ledger, spec.chains, spec.bridgePairs)();
  const consumers = spec.outputs === undefined ? null : await passConsumers(spec.outputs);
  let outputs: unknown[] | undefined;
  // The part's chains before the period, for the consumers alone, read before the period's first entry.
  const history =
    spec.outputs?.history === true ? ledgerFromStore(store, spec.ledger, historyBlocks(spec.chains), spec.bridgePairs)() : null;
  const entries = consumers === null ? read : tapped(read, consumers, (states) => (outputs = states), history);
  const part = localCsvPart(spec.template, tally === null ? entries : tally.counts.noted(entries), undefined, undefined, prices);
  for (let batch = await part.next(); batch !== null; batch = await part.next()) {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits -= 1;
    post({ type: 'batch', batch });
  }
  post({
    type: 'done',
    tally: part.tally(),
    ...(tally === null ? {} : { prices: finishedTally(tally.counts, tally.reader, tally.instants) }),
    ...(outputs === undefined ? {} : { outputs }),
  });
} catch (error) {
  post({ type: 'error', failure: failureOf(error, 'rendering failed') });
} finally {
  // The parent ends this thread once it has read the last message; closing the port here could lose them.
  store?.close();
}
