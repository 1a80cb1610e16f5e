import { readFileSync } from 'node:fs';
import { InputError } from '../errors/LedgerscanError.js';
import { FilePrices } from '../prices/FilePrices.js';
import type { ValuationSettings } from '../prices/ValuationSettings.js';

/** The user's price file, when the sources name it: read whole, exit 2 when it cannot be. */
export function readPriceFile(settings: ValuationSettings): FilePrices | undefined {
  if (settings.priceFile === undefined || !settings.sources.includes('file')) return undefined;
  let text: string;
  try {
    text = readFileSync(settings.priceFile, 'utf8');
  } catch (cause) {
    throw new InputError(`price file ${settings.priceFile} cannot be read`, {
      cause,
      details: { fix: 'check valuation.priceFile / --price-file' },
    });
  }
  return new FilePrices(text, settings.priceFile);
}
