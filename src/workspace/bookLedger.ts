import { type ApiAccess, priceKeyEnv } from './jobForRun.js';
import { FIRST_YEAR } from '../config/CalendarDay.js';
import type { Job } from '../config/Job.js';
import { loadJob } from '../config/loadJob.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { ledgerFromStore } from '../pipeline/ledgerFromStore.js';
import type { RecordStore } from '../store/RecordStore.js';
import { builtinTemplateNames } from '../templates/templateCatalog.js';
import type { BookData } from './BookData.js';
import { bookRuleJob } from './bookRuleJob.js';
import type { BookRule } from './WorkspaceData.js';

/**
 * The job of a book with its rules after the job's own, in creation order: what every run of the book applies
 * (`runJobFile`) and what the book's table and a new rule's check read (`bookLedger`), so the three agree.
 */
export function bookJob(book: BookData, rules: readonly BookRule[], api: Pick<ApiAccess, 'apiKey' | 'coingeckoKey'>): Job {
  const fields = Object.fromEntries(Object.entries(book).filter(([key]) => key !== 'name'));
  const data = { ...fields, period: { year: FIRST_YEAR }, ...(rules.length === 0 ? {} : { rules: rules.map(bookRuleJob) }) };
  return loadJob({ flags: { apiKey: api.apiKey }, env: priceKeyEnv(api), knownTemplates: builtinTemplateNames(), cwd: '.', templatesRequired: false, file: { path: 'book', dir: '.', data }, surface: 'web' });
}

/** Every entry the book's store holds on the book's chains, the job's and the book's rules applied (API name tags are a run's, not the book's). */
export function bookLedger(store: RecordStore, job: Job): () => Iterable<LedgerEntry> {
  const chains = job.chains.map((chainId) => ({ chainId, fromBlock: 0, toBlock: Number.MAX_SAFE_INTEGER }));
  return ledgerFromStore(store, { wallets: job.wallets, labels: job.labels, spam: job.spam, rules: job.rules }, chains);
}
