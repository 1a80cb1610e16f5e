/**
 * The cost-basis outputs' files over generated legs, as digests: every file `gains`, `taxForms`, `reportFigures`,
 * `gainsJournals`, `gainsReview` and `tieout` write (and their results) for one history under fifo, lifo, hifo,
 * average, uk and a method switch with an allocation to wallets. A change to the replay or its outputs that should
 * not change a byte prints the same lines before and after:
 *
 *   node --import tsx bench/basisDigests.ts [legs, default 60000] > before.txt
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CostBasisSettings } from '../src/costbasis/CostBasisSettings.js';
import type { LedgerEntry } from '../src/ledger/LedgerEntry.js';
import { Decimal } from '../src/ledger/money.js';
import { gainsJournalsOutput } from '../src/outputs/gainsJournalsOutput.js';
import { gainsOutput } from '../src/outputs/gainsOutput.js';
import { gainsReviewOutput } from '../src/outputs/gainsReviewOutput.js';
import type { AnyOutput, OutputJob } from '../src/outputs/Output.js';
import { reportFiguresOutput } from '../src/outputs/reportFiguresOutput.js';
import { taxFormsOutput } from '../src/outputs/taxFormsOutput.js';
import { tieoutOutput } from '../src/outputs/tieoutOutput.js';
import { finishOutputs } from '../src/pipeline/finishOutputs.js';
import { OutputPass } from '../src/pipeline/OutputPass.js';
import type { PriceAnswer } from '../src/prices/PriceAnswer.js';
import { priceQueryOf, queryKey } from '../src/prices/priceQueryOf.js';
import { loadBuiltinTemplate } from '../src/templates/templateCatalog.js';
import { basisLegs } from './basisLegs.js';

const count = Number(process.argv[2] ?? 60_000);
const legs = [...basisLegs(count, Decimal)];
const answers = new Map<string, PriceAnswer>();
const entries = legs.map((leg): LedgerEntry => {
  const query = priceQueryOf(leg, leg.timestamp);
  if (typeof query !== 'string' && leg.price !== null)
    answers.set(queryKey(query), { found: true, price: leg.price, currency: 'USD', time: leg.timestamp, source: leg.priceSource });
  return {
    ...leg,
    walletLabel: '',
    tokenId: '',
    amount: '',
    counterparty: '',
    counterpartyLabel: '',
    status: 'ok',
    method: '',
    note: '',
    provenance: {} as LedgerEntry['provenance'],
  };
});
const prices = {
  currency: 'USD',
  priceAt: (query: Parameters<typeof queryKey>[0]): PriceAnswer =>
    answers.get(queryKey(query)) ?? ({ found: false, state: 'no price' } as unknown as PriceAnswer),
};
const outputs: AnyOutput[] = [gainsOutput, taxFormsOutput, reportFiguresOutput, gainsJournalsOutput, gainsReviewOutput, tieoutOutput];
const journals = ['quickbooks-journal', 'xero-journal', 'beancount', 'hledger'].map(loadBuiltinTemplate);
const cases: [string, Partial<CostBasisSettings>, string[]][] = [
  ['fifo', { method: 'fifo', profile: 'us' }, ['form8949', 'turbotax-gains']],
  ['lifo', { method: 'lifo' }, []],
  ['hifo', { method: 'hifo' }, []],
  ['average', { method: 'average' }, []],
  ['uk', { method: 'uk', profile: 'uk' }, ['sa108']],
  ['switch', { method: 'fifo', profile: 'de', changes: [{ from: '2024-07-01', method: 'hifo', scope: 'wallet' }] }, ['anlage-so']],
];
const digest = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex').slice(0, 16);
for (const [name, over, forms] of cases) {
  const costBasis: CostBasisSettings = {
    method: 'fifo',
    scope: 'universal',
    profile: 'generic',
    changes: [],
    unclassifiedOut: 'remove',
    zeroBasisForMissing: true,
    ...over,
  };
  const job: OutputJob = {
    rules: [],
    apiLabels: false,
    period: { from: '2024-01-01', to: '2024-12-31', startTime: 1_704_067_200, endTime: 1_735_689_600 },
    timezone: 'UTC',
    costBasis,
    forms: forms.map(loadBuiltinTemplate),
    journals,
  };
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basis-digests-'));
  const runFolder = path.join(outDir, 'run');
  fs.mkdirSync(runFolder);
  let lines: string[];
  try {
    const finished = await finishOutputs(new OutputPass(outputs, job), () => entries, {
      job,
      missing: [],
      prices,
      outDir,
      runFolder,
    });
    lines = [
      `result ${digest(JSON.stringify(finished.results, (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value)))}`,
    ];
    for (const dir of [outDir, runFolder])
      for (const file of fs.readdirSync(dir).sort())
        if (fs.statSync(path.join(dir, file)).isFile()) lines.push(`${file} ${digest(fs.readFileSync(path.join(dir, file)))}`);
  } catch (error) {
    lines = [`error ${(error as Error).message}`];
  }
  fs.rmSync(outDir, { recursive: true, force: true });
  for (const line of lines) process.stdout.write(`${name} ${line}\n`);
}
