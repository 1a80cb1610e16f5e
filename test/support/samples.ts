import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const testDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Recorded Etherscan bodies kept in the repository (provenance in test/etherscan/samples/SOURCES.md). */
export const ETHERSCAN_SAMPLES = path.join(testDir, 'etherscan', 'samples');

/** Vendor and project files of the tax and journal tools (provenance in test/templates/samples/SOURCES.md). */
export const TEMPLATE_SAMPLES = path.join(testDir, 'templates', 'samples');

/** The HTTP status a recorded body came with, where it was not 200 (see SOURCES.md). */
export const SAMPLE_HTTP_STATUS: Readonly<Record<string, number>> = {
  'blockscout-unknown-action.json': 400,
  'blockscout-not-found.json': 404,
};

/** One recorded Etherscan body, parsed. */
export function etherscanSample(file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(ETHERSCAN_SAMPLES, file), 'utf8'));
}
