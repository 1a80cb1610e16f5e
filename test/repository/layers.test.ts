import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { packageRoot as rootOf } from '../../src/packageRoot.js';

const packageRoot = rootOf();

/**
 * `npm run deps` runs dependency-cruiser with `.dependency-cruiser.js` over the real tree; here the same rules
 * run over a planted tree, so a rule that no longer catches what it names fails this test.
 */
const planted: Record<string, string> = {
  // a domain file importing the CLI (upward)
  'src/ledger/upward.ts': "import { run } from '../cli/run.js';\nexport const upward = run;\n",
  'src/cli/run.ts': 'export const run = 1;\n',
  // two files importing each other's types only
  'src/ledger/OneHalf.ts': "import type { OtherHalf } from './OtherHalf.js';\nexport type OneHalf = { other?: OtherHalf };\n",
  'src/ledger/OtherHalf.ts': "import type { OneHalf } from './OneHalf.js';\nexport type OtherHalf = { one?: OneHalf };\n",
  // one adapter importing another
  'src/output/notify.ts': "import { send } from '../alerts/send.js';\nexport const notify = send;\n",
  'src/alerts/send.ts': 'export const send = 1;\n',
  // the workspace importing the CLI (upward)
  'src/workspace/otherRun.ts': "import { code } from '../cli/exitCode.js';\nexport const otherRun = code;\n",
  'src/cli/exitCode.ts': 'export const code = 2;\n',
  // the store may open the database, the database imports no other adapter
  'src/store/open.ts': "import { connect } from '../db/connect.js';\nexport const open = connect;\n",
  'src/db/connect.ts': "import { thing } from '../store/thing.js';\nexport const connect = thing;\n",
  'src/store/thing.ts': 'export const thing = 1;\n',
  // an output reaching for a file and an adapter (it stays pure: domain and base only)
  'src/outputs/leaky.ts':
    "import fs from 'node:fs';\nimport { send } from '../alerts/send.js';\nimport { upward } from '../ledger/upward.js';\nexport const leaky = [fs, send, upward];\n",
  // an output's consumer module loading TypeBox, which every part's thread would then load
  'src/outputs/schemaConsumer.ts': "import { Type } from 'typebox';\nexport const schemaConsumer = Type;\n",
  // a test taking a helper from another test folder
  'test/e2e/helper.ts': 'export const helper = 1;\n',
  'test/ledger/borrowing.test.ts': "import { helper } from '../e2e/helper.js';\nexport const borrowed = helper;\n",
  // what is allowed stays quiet
  'src/pipeline/step.ts':
    "import { send } from '../alerts/send.js';\nimport { upward } from '../ledger/upward.js';\nexport const step = [send, upward];\n",
  'test/support/shared.ts': 'export const shared = 1;\n',
  'test/ledger/local.ts': 'export const local = 1;\n',
  'test/ledger/fine.test.ts':
    "import { shared } from '../support/shared.js';\nimport { local } from './local.js';\nimport { step } from '../../src/pipeline/step.js';\nexport const fine = [shared, local, step];\n",
};

const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-layers-'));
afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));

describe('the layers hold', () => {
  it('fails the dependency check on each kind of planted violation, and only on those', () => {
    for (const [file, text] of Object.entries(planted)) {
      fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
      fs.writeFileSync(path.join(tree, file), text);
    }
    fs.copyFileSync(path.join(packageRoot, 'tsconfig.json'), path.join(tree, 'tsconfig.json'));
    const cli = path.join(packageRoot, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
    const config = path.join(packageRoot, '.dependency-cruiser.js');
    const run = spawnSync(process.execPath, [cli, 'src', 'test', '--config', config, '--output-type', 'err'], {
      cwd: tree,
      encoding: 'utf8',
    });
    const found = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('  error '))
      .map((line) => line.trim())
      .sort();
    expect(found).toEqual([
      'error no-adapter-to-adapter-from-db: src/db/connect.ts → src/store/thing.ts',
      'error no-adapter-to-adapter-from-output: src/output/notify.ts → src/alerts/send.ts',
      'error no-cycle: src/ledger/OneHalf.ts →',
      'error no-upward-from-domain: src/ledger/upward.ts → src/cli/run.ts',
      'error no-upward-from-domain: src/outputs/leaky.ts → src/alerts/send.ts',
      'error no-upward-from-workspace: src/workspace/otherRun.ts → src/cli/exitCode.ts',
      'error output-consumers-without-typebox: src/outputs/schemaConsumer.ts → typebox',
      'error outputs-domain-only: src/outputs/leaky.ts → fs',
      'error outputs-domain-only: src/outputs/leaky.ts → src/alerts/send.ts',
      'error test-helpers-from-support: test/ledger/borrowing.test.ts → test/e2e/helper.ts',
    ]);
    expect(run.status).not.toBe(0);
  });
});
