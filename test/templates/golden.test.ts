import { describe, expect, it } from '@jest/globals';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderTiedOut } from '../support/renderTiedOut.js';
import { loadBuiltinTemplate } from '../../src/templates/templateCatalog.js';
import { streamedTemplateNames } from '../support/streamedTemplates.js';
import { ledgerEntries } from './fixtures/ledgerEntries.js';

const goldenRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'golden');
const update = process.env.UPDATE_GOLDEN === '1';

function listFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .sort();
}

describe('golden files: every built-in template over the fixture ledger', () => {
  it.each(streamedTemplateNames())('%s renders byte for byte as committed', async (name) => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), `ledgerscan-golden-${name}-`));
    try {
      await renderTiedOut({
        entries: () => ledgerEntries,
        templates: [loadBuiltinTemplate(name)],
        outDir,
        context: { timezone: 'Europe/Berlin' },
      });
      const golden = path.join(goldenRoot, name);
      if (update) {
        rmSync(golden, { recursive: true, force: true });
        mkdirSync(golden, { recursive: true });
        cpSync(outDir, golden, { recursive: true });
      }
      expect(listFiles(outDir)).toEqual(listFiles(golden));
      for (const file of listFiles(golden)) {
        expect(`${file}:\n${readFileSync(path.join(outDir, file), 'latin1')}`).toBe(
          `${file}:\n${readFileSync(path.join(golden, file), 'latin1')}`,
        );
      }
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
