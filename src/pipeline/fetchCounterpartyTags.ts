import type { Job } from '../config/Job.js';
import { ADDRESS_TAG_BATCH, type EtherscanApi } from '../etherscan/EtherscanApi.js';
import { counterpartyTag, SCREENING_SLUGS, type CounterpartyTag } from '../ledger/CounterpartyTag.js';
import type { PipelineStore } from '../store/PipelineStore.js';
import { fetchScreeningLists, type ScreeningListReport } from './fetchScreeningLists.js';
import { ledgerFromStore, type ChainBlocks } from './ledgerFromStore.js';
import { nametagRefusal } from './nametagRefusal.js';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** What the label step did, for the manifest and the summary line. */
export interface CounterpartyLabelReport {
  /** `apiLabels` in the job: off unless asked, since every new counterparty costs part of a call. */
  enabled: boolean;
  /** Distinct counterparties of the exported ledger (per chain, summed). */
  counterparties: number;
  /** Addresses asked this run (never asked before). */
  fetched: number;
  /** `nametag.getaddresstag` calls this run, retries included. */
  calls: number;
  /** Counterparties with a stored name tag. */
  tagged: number;
  /** The plan's refusal, said once; the export goes on with the tags stored earlier. */
  refused: string | null;
  /** The `ofac-sanctioned` and `phish-hack` lists, when enabled. */
  screeningLists: ScreeningListReport | null;
}

export interface CounterpartyTagsResult {
  tags: Record<number, Record<string, CounterpartyTag>>;
  report: CounterpartyLabelReport;
}

/**
 * The API's name tags for every counterparty of the job's ledger, each (chain, address) asked at most once
 * ever: answers, "no tag" included, are kept in the store with the time they arrived. Calls go through the
 * client, so through the key's limiter and the 2/s limiter Etherscan holds this action to. A plan that does
 * not serve the action (or a server that does not know it) stops the asking, once, and the export goes on.
 */
export async function fetchCounterpartyTags(
  store: PipelineStore,
  api: EtherscanApi,
  job: Job,
  chains: readonly ChainBlocks[],
  now: () => Date,
): Promise<CounterpartyTagsResult> {
  const report: CounterpartyLabelReport = {
    enabled: job.apiLabels,
    counterparties: 0,
    fetched: 0,
    calls: 0,
    tagged: 0,
    refused: null,
    screeningLists: null,
  };
  const tags: CounterpartyTagsResult['tags'] = {};
  if (!job.apiLabels) return { tags, report };
  report.screeningLists = await fetchScreeningLists(
    store,
    api,
    chains.map((chain) => chain.chainId),
    now,
  );
  const callsBefore = api.stats.byAction['nametag.getaddresstag'] ?? 0;
  for (const chain of chains) {
    const counterparties = counterpartiesOf(store, job, chain);
    report.counterparties += counterparties.size;
    const missing = store.addressTags.unknown(chain.chainId, [...counterparties]);
    for (let start = 0; start < missing.length && report.refused === null; start += ADDRESS_TAG_BATCH) {
      const batch = missing.slice(start, start + ADDRESS_TAG_BATCH);
      try {
        store.addressTags.put(chain.chainId, batch, await api.addressTags(chain.chainId, batch), now().toISOString());
        report.fetched += batch.length;
      } catch (error) {
        report.refused = nametagRefusal(error);
      }
    }
    const chainTags: Record<string, CounterpartyTag> = {};
    for (const { address, tag } of store.addressTags.ofChain(chain.chainId)) {
      if (tag !== null && counterparties.has(address)) chainTags[address] = counterpartyTag(tag);
    }
    report.tagged += Object.keys(chainTags).length;
    // An address on a list the name tag does not mention is screened all the same.
    for (const [address, lists] of store.screeningLists.listsOf(chain.chainId, [...counterparties])) {
      const tag = chainTags[address] ?? { label: '', exchange: false, bridge: false, screening: '' };
      chainTags[address] = { ...tag, screening: mergeSlugs(tag.screening, lists) };
    }
    tags[chain.chainId] = chainTags;
  }
  report.calls = (api.stats.byAction['nametag.getaddresstag'] ?? 0) - callsBefore;
  return { tags, report };
}

/** The distinct counterparties of the chain's ledger that are not owned wallets. */
function counterpartiesOf(store: PipelineStore, job: Job, chain: ChainBlocks): Set<string> {
  const owned = new Set(job.wallets.map((wallet) => wallet.address));
  const found = new Set<string>();
  for (const entry of ledgerFromStore(store, { wallets: job.wallets, labels: job.labels, spam: job.spam }, [chain])()) {
    if (entry.counterparty !== '' && entry.counterparty !== ZERO_ADDRESS && !owned.has(entry.counterparty)) found.add(entry.counterparty);
  }
  return found;
}

/** Screening slugs in their fixed order, each once. */
function mergeSlugs(screening: string, lists: readonly string[]): string {
  const slugs = new Set([...screening.split(' '), ...lists]);
  return SCREENING_SLUGS.filter((slug) => slugs.has(slug)).join(' ');
}
