import type { EtherscanApi } from '../etherscan/EtherscanApi.js';
import { parseLabelExport } from '../etherscan/parseLabelExport.js';
import { SCREENING_SLUGS } from '../ledger/CounterpartyTag.js';
import type { PipelineStore } from '../store/PipelineStore.js';
import { nametagRefusal } from './nametagRefusal.js';

/** Lists change (new sanctions, new scams) but the export is held to 100 calls a day: a stored list is used for a week. */
export const LIST_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/** The screening lists behind the `screening` column, for the manifest. */
export interface ScreeningListReport {
  lists: { chainId: number; label: string; addresses: number; fetchedAt: string | null }[];
  /** `nametag.exportaddresstags` calls this run. */
  calls: number;
  /** The plan's refusal (the export is an Enterprise action), said once; stored lists are still used. */
  refused: string | null;
}

/**
 * Brings each chain's `ofac-sanctioned` and `phish-hack` lists (`exportaddresstags`) up to date in the store:
 * a list missing or older than `LIST_MAX_AGE_MS` is fetched and replaced whole. The first refusal stops the
 * asking for this run; the lists stored before keep serving.
 */
export async function fetchScreeningLists(
  store: PipelineStore,
  api: EtherscanApi,
  chainIds: readonly number[],
  now: () => Date,
): Promise<ScreeningListReport> {
  const report: ScreeningListReport = { lists: [], calls: 0, refused: null };
  const callsBefore = api.stats.byAction['nametag.exportaddresstags'] ?? 0;
  for (const chainId of chainIds) {
    for (const label of SCREENING_SLUGS) {
      const fetchedAt = store.screeningLists.fetchedAt(chainId, label);
      const stale = fetchedAt === null || now().getTime() - Date.parse(fetchedAt) > LIST_MAX_AGE_MS;
      if (stale && report.refused === null) {
        try {
          const addresses = parseLabelExport(await api.exportAddressTags(chainId, label));
          store.screeningLists.put(chainId, label, addresses, now().toISOString());
        } catch (error) {
          report.refused = nametagRefusal(error);
        }
      }
      report.lists.push({
        chainId,
        label,
        addresses: store.screeningLists.size(chainId, label),
        fetchedAt: store.screeningLists.fetchedAt(chainId, label),
      });
    }
  }
  report.calls = (api.stats.byAction['nametag.exportaddresstags'] ?? 0) - callsBefore;
  return report;
}
