import type { OutputConsumerSource } from './Output.js';

/** The period's entries (where they sort): only the few reviewed ones become rows, but which those are is known at the finish. */
export interface ReviewState {
  entries: { timestamp: number; chainId: number; entryId: string }[];
}

/** What `reviewOutput` gathers as the ledger passes. Apart from the output, so a part's thread loads no result schema. */
export const reviewConsumer: OutputConsumerSource<'review', ReviewState> = {
  name: 'review',
  module: import.meta.url,
  consumer() {
    const state: ReviewState = { entries: [] };
    return {
      add: ({ timestamp, chainId, entryId }) => void state.entries.push({ timestamp, chainId, entryId }),
      state: () => state,
    };
  },
};
