import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { servedSandbox } from '../support/servedSandbox.js';
import { tempDir } from '../support/e2eWorld.js';
import { runInProcess } from '../support/runLedgerscan.js';

/** A newcomer's first minutes: what the help and the banners promise works as printed. */
describe('a newcomer', () => {
  it.each([['--version'], ['-V'], ['version']])('%s prints the version', async (arg) => {
    const version = (JSON.parse(fs.readFileSync(path.join(process.cwd(), 'package.json'), 'utf8')) as { version: string }).version;
    expect(await runInProcess([arg], { cwd: tempDir('version') })).toEqual({ code: 0, stdout: `ledgerscan ${version}\n`, stderr: '' });
  });

  it("runs the sandbox banner's try: command as printed", async () => {
    const sandbox = await servedSandbox({ port: 0, seed: 7, scale: 0.02, rate: 400, faults: 0, disabledActions: [] });
    try {
      const line = /^try: ledgerscan (.*)$/m.exec(sandbox.printed())![1]!;
      const cwd = tempDir('banner');
      const outcome = await runInProcess(line.split(' '), { cwd });
      // Progress lines on stderr are fine; an error line is not.
      expect({ code: outcome.code, errors: outcome.stderr.split('\n').filter((text) => text.startsWith('ledgerscan:')) }).toEqual({
        code: 0,
        errors: [],
      });
      expect(fs.existsSync(path.join(cwd, 'out', 'sandbox', 'manifest.json'))).toBe(true);
    } finally {
      await sandbox.stop();
    }
  });
});
