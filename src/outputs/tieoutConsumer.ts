import type { OutputConsumerSource } from './Output.js';

/**
 * `tieoutOutput`'s consumer: the tie-out's tallies are the templates', so it gathers nothing, but every part's thread
 * feeds it, from a module that loads no result schema.
 */
export const tieoutConsumer: OutputConsumerSource<'tieout', null> = {
  name: 'tieout',
  module: import.meta.url,
  consumer: () => ({ add: () => undefined, state: () => null }),
};
