import { Type } from 'typebox';
import type { Output } from '../../src/outputs/Output.js';

const EntryCounts = Type.Object({ file: Type.String(), entries: Type.Number(), chains: Type.Number() });

/**
 * A throwaway output, registered only by the tests: entries per chain into `entry-counts.csv`. It lives in a file of
 * its own (not the test's) because a part's thread imports it from its module to make its consumer there.
 */
export const entryCountOutput: Output<'entryCounts', Record<number, number>, typeof EntryCounts> = {
  name: 'entryCounts',
  module: import.meta.url,
  needs: {},
  result: EntryCounts,
  consumer() {
    const counts: Record<number, number> = {};
    return { add: (entry) => void (counts[entry.chainId] = (counts[entry.chainId] ?? 0) + 1), state: () => counts };
  },
  merge(states) {
    const counts: Record<number, number> = {};
    for (const state of states)
      for (const [chain, count] of Object.entries(state)) counts[Number(chain)] = (counts[Number(chain)] ?? 0) + count;
    return counts;
  },
  async finish(counts, { files }) {
    const csv = files.csv('entry-counts.csv', ['chain_id', 'entries']);
    const chains = Object.keys(counts).sort((a, b) => Number(a) - Number(b));
    for (const chain of chains) await csv.write([chain, String(counts[Number(chain)])]);
    const entries = Object.values(counts).reduce((sum, count) => sum + count, 0);
    // Its section of the tie-out: one line, the entries it counted.
    files.tieout([['entryCounts', '', '', '', '', '', '', 'entries', '', String(entries), '', '', '', '']]);
    return { file: 'entry-counts.csv', entries, chains: chains.length };
  },
};
