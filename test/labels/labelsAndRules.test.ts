import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { runCli } from '../../src/cli/main.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import { worldLabelList, worldTags } from '../../src/sandbox/worldTags.js';
import type { LedgerRow } from '../support/exportLedger.js';
import { captureIo } from '../support/captureIo.js';

/**
 * Counterparty labels (`--api-labels`, getaddresstag) and user rules through the real CLI against the
 * sandbox: tags in the ledger and screening.csv, asked once per address ever, refusal by plan reported once,
 * off by default; rules in the job file changing entries with a note, counted in the manifest, ignored
 * entries out of the tax files; bad rules refused with exit 2 and nothing written.
 */

const CHAINS = [1, 10] as const;
const PLUS_KEY = 'pro-plus-key-0123456789';
const PRO_KEY = 'pro-only-key-0123456789';
/** Pro Plus serves getaddresstag; the label exports are Enterprise only. */
const PLUS_ONLY_KEY = 'plus-no-export-key-0123456789';
const RATE = 400;
const world = generateWorld({ seed: 1, scale: 0.1, chains: CHAINS });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-labels-'));
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({
    world,
    apiKeys: [PLUS_KEY, PRO_KEY, PLUS_ONLY_KEY],
    proPlusKeys: [PLUS_KEY, PLUS_ONLY_KEY],
    enterpriseKeys: [PLUS_KEY],
    rate: RATE,
  });
});
afterAll(async () => {
  await sandbox.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  out: string;
  ledger: LedgerRow[];
  koinly: string;
  screening: Record<string, string>[] | null;
  manifest: { counterpartyLabels: Record<string, unknown>; rules: { id: string; matched: number }[]; files: { path: string }[] } | null;
  tagCalls: number;
  listCalls: number;
}

let runs = 0;

async function exportRun(options: { key?: string; state: string; job?: Record<string, unknown>; flags?: string[] }): Promise<Run> {
  runs += 1;
  const out = path.join(dir, `out-${runs}`);
  const jobFile = path.join(dir, `job-${runs}.json`);
  fs.writeFileSync(
    jobFile,
    JSON.stringify({ wallets: world.wallets.map((w) => ({ address: w.address, label: w.label })), chains: CHAINS, ...options.job }),
  );
  const before = sandbox.stats.byAction['nametag.getaddresstag'] ?? 0;
  const listsBefore = sandbox.stats.byAction['nametag.exportaddresstags'] ?? 0;
  const io = captureIo(dir);
  const code = await runCli(
    [
      'export',
      '--config',
      jobFile,
      '--year',
      '2025',
      '--template',
      'ledger',
      '--template',
      'koinly',
      '--out',
      out,
      '--state',
      path.join(dir, options.state),
      '--base-url',
      sandbox.url,
      '--api-key',
      options.key ?? PLUS_KEY,
      '--rate',
      String(RATE),
      '--quiet',
      ...(options.flags ?? []),
    ],
    io,
  );
  const read = (file: string): string | null =>
    fs.existsSync(path.join(out, file)) ? fs.readFileSync(path.join(out, file), 'utf8') : null;
  const screening = read('screening.csv');
  const manifest = read('manifest.json');
  return {
    code,
    stdout: io.stdoutText(),
    stderr: io.stderrText(),
    out,
    ledger: parse(read('ledger.csv') ?? '', { columns: true }) as LedgerRow[],
    koinly: read('koinly.csv') ?? '',
    screening: screening === null ? null : (parse(screening, { columns: true }) as Record<string, string>[]),
    manifest: manifest === null ? null : (JSON.parse(manifest) as Run['manifest']),
    tagCalls: (sandbox.stats.byAction['nametag.getaddresstag'] ?? 0) - before,
    listCalls: (sandbox.stats.byAction['nametag.exportaddresstags'] ?? 0) - listsBefore,
  };
}

/** What the sandbox would tag, by chain and address. */
const tags = new Map(CHAINS.map((chain) => [chain, worldTags(world, chain)]));
const tagOf = (row: LedgerRow) => tags.get(Number(row.chain_id) as (typeof CHAINS)[number])?.get(row.counterparty);
const SLUGS = ['ofac-sanctioned', 'phish-hack'];
const lists = new Map<string, string[]>(
  CHAINS.flatMap((chainId) => SLUGS.map((slug) => [`${chainId} ${slug}`, worldLabelList(world, chainId, slug)] as const)),
);
/** The screening the sandbox's tags and label exports give a row. */
const screeningOf = (row: LedgerRow, withLists = true): string =>
  SLUGS.filter(
    (slug) =>
      tagOf(row)?.labels_slug.includes(slug) === true ||
      (withLists && lists.get(`${row.chain_id} ${slug}`)?.includes(row.counterparty) === true),
  ).join(' ');

describe('counterparty labels from the API', () => {
  let first: Run;
  beforeAll(async () => {
    first = await exportRun({ state: 'plus.db', flags: ['--api-labels'] });
  }, 120_000);

  it('label every tagged counterparty, screen the listed ones and note exchange legs', () => {
    expect(first.code).toBe(0);
    const tagged = first.ledger.filter((row) => tagOf(row) !== undefined);
    expect(new Set(tagged.map((row) => tagOf(row)?.labels_slug.join(' '))).size).toBeGreaterThanOrEqual(4);
    for (const row of first.ledger) {
      const tag = tagOf(row);
      expect(row.screening).toBe(row.kind === 'fee' ? '' : screeningOf(row));
      if (tag === undefined || row.kind === 'fee') continue;
      expect(row.counterparty_label).toBe(tag.nametag || tag.labels.join(', '));
      if (tag.labels.includes('Exchange')) {
        expect(row.note.split(' ')).toContain(row.direction === 'out' ? 'to_exchange' : 'from_exchange');
        expect(row.category).not.toBe('trade');
      }
    }
    expect(first.ledger.some((row) => row.note.includes('to_exchange'))).toBe(true);
    // The list-only address: screened without a name tag.
    expect(
      first.ledger.some((row) => row.screening === 'ofac-sanctioned' && tagOf(row) === undefined && row.counterparty_label === ''),
    ).toBe(true);
  });

  it('list each screened entry in screening.csv and record the calls in the manifest', () => {
    const screened = first.ledger.filter((row) => row.screening !== '');
    expect(screened.length).toBeGreaterThanOrEqual(2);
    expect(first.screening?.map((row) => [row['entry_id'], row['screening'], row['counterparty_label']])).toEqual(
      screened.map((row) => [row.entry_id, row.screening, row.counterparty_label]),
    );
    expect(first.manifest?.files.map((file) => file.path)).toContain('screening.csv');
    const counterparties = new Set(
      first.ledger
        .filter((row) => row.counterparty !== '' && !/^0x0{40}$/.test(row.counterparty) && row.category !== 'own_transfer')
        .map((row) => `${row.chain_id}:${row.counterparty}`),
    );
    expect(first.manifest?.counterpartyLabels).toEqual({
      enabled: true,
      counterparties: counterparties.size,
      fetched: counterparties.size,
      calls: first.tagCalls,
      tagged: new Set(first.ledger.filter((row) => tagOf(row) !== undefined).map((row) => `${row.chain_id}:${row.counterparty}`)).size,
      refused: null,
      screeningLists: {
        calls: first.listCalls,
        refused: null,
        lists: CHAINS.flatMap((chainId) =>
          SLUGS.map((label) => ({ chainId, label, addresses: lists.get(`${chainId} ${label}`)?.length, fetchedAt: expect.any(String) })),
        ),
      },
    });
    expect(first.listCalls).toBe(CHAINS.length * SLUGS.length);
    // 100 addresses per call, per chain.
    expect(first.tagCalls).toBeLessThanOrEqual(Math.ceil(counterparties.size / 100) + CHAINS.length);
    expect(first.stdout).toContain(`counterparty labels: `);
  });

  it('never ask for an address twice: a second export of the same store makes no tag call and writes the same ledger', async () => {
    const again = await exportRun({ state: 'plus.db', flags: ['--api-labels'] });
    expect(again.code).toBe(0);
    expect(again.tagCalls).toBe(0);
    // A list younger than a week is not fetched again.
    expect(again.listCalls).toBe(0);
    expect(again.ledger).toEqual(first.ledger);
    expect(again.manifest?.counterpartyLabels).toMatchObject({ fetched: 0, calls: 0, refused: null });
  });

  it('let job labels win over API labels', async () => {
    const phishing = first.ledger.find((row) => row.screening === 'phish-hack') as LedgerRow;
    const labelled = await exportRun({
      state: 'plus.db',
      flags: ['--api-labels'],
      job: { labels: { [phishing.counterparty]: 'Old friend' } },
    });
    const row = labelled.ledger.find((r) => r.entry_id === phishing.entry_id) as LedgerRow;
    expect(row).toMatchObject({ counterparty_label: 'Old friend', screening: 'phish-hack' });
  });

  it('are off by default: no tag call, no screening column content, no screening.csv', async () => {
    const off = await exportRun({ state: 'plus.db' });
    expect(off.code).toBe(0);
    expect(off.tagCalls).toBe(0);
    expect(off.screening).toBeNull();
    expect(off.ledger.every((row) => row.screening === '')).toBe(true);
    expect(off.manifest?.counterpartyLabels).toMatchObject({ enabled: false, calls: 0 });
  });

  it('on a plan without getaddresstag: refused once, reported once, the export goes on (exit 0)', async () => {
    const refused = await exportRun({ key: PRO_KEY, state: 'pro.db', flags: ['--api-labels'] });
    expect(refused.code).toBe(0);
    expect(refused.tagCalls).toBe(1);
    expect(refused.listCalls).toBe(1);
    // Once for the name tags, once for the lists.
    expect(
      refused.stdout.match(
        /not fetched: the API does not serve nametag\.\w+: Sorry, it looks like you are trying to access an API Pro endpoint/g,
      ),
    ).toHaveLength(2);
    expect(refused.manifest?.counterpartyLabels).toMatchObject({ enabled: true, fetched: 0, calls: 1, tagged: 0 });
    expect(String(refused.manifest?.counterpartyLabels['refused'])).toContain('API Pro endpoint');
    expect(refused.ledger.length).toBe(first.ledger.length);
    expect(refused.ledger.every((row) => row.screening === '')).toBe(true);
    expect(refused.screening).toEqual([]);
    expect(refused.stdout + refused.stderr).not.toContain(PRO_KEY);
  });

  it('on Pro Plus without the Enterprise export: name tags and their screening, the lists refused once', async () => {
    const plusOnly = await exportRun({ key: PLUS_ONLY_KEY, state: 'plus-only.db', flags: ['--api-labels'] });
    expect(plusOnly.code).toBe(0);
    expect(plusOnly.listCalls).toBe(1);
    expect(plusOnly.manifest?.counterpartyLabels).toMatchObject({ refused: null, calls: plusOnly.tagCalls });
    expect(String((plusOnly.manifest?.counterpartyLabels['screeningLists'] as { refused: string }).refused)).toContain('API Pro endpoint');
    for (const row of plusOnly.ledger) expect(row.screening).toBe(row.kind === 'fee' ? '' : screeningOf(row, false));
    expect(plusOnly.ledger.some((row) => row.screening !== '')).toBe(true);
  });
});

describe('user rules in the job file', () => {
  let plain: Run;
  let ruled: Run;
  let swapTx: string;
  let payee: LedgerRow;

  beforeAll(async () => {
    plain = await exportRun({ state: 'rules.db' });
    swapTx = (plain.ledger.find((row) => row.category === 'trade') as LedgerRow).tx_hash;
    payee = plain.ledger.find((row) => row.category === 'transfer' && row.direction === 'out' && row.kind === 'native') as LedgerRow;
    ruled = await exportRun({
      state: 'rules.db',
      job: {
        rules: [
          { id: 'skip-swap', match: { tx: swapTx }, ignore: true },
          {
            id: 'rent',
            match: { counterparty: payee.counterparty, chain: Number(payee.chain_id) },
            label: 'Landlord',
            category: 'own_transfer',
          },
          { id: 'never', match: { method: 'noSuchMethod' }, spam: true },
        ],
      },
    });
  }, 120_000);

  it('change the matching entries, each noting its rule, and nothing else', () => {
    expect(ruled.code).toBe(0);
    expect(ruled.ledger.length).toBe(plain.ledger.length);
    ruled.ledger.forEach((row, index) => {
      const before = plain.ledger[index] as LedgerRow;
      if (row.tx_hash === swapTx) {
        expect(row.note).toBe(`${before.note} rule:skip-swap ignored`.trim());
      } else if (row.counterparty === payee.counterparty && row.chain_id === payee.chain_id) {
        expect(row).toEqual({
          ...before,
          counterparty_label: 'Landlord',
          category: 'own_transfer',
          note: `${before.note} rule:rent`.trim(),
        });
      } else {
        expect(row).toEqual(before);
      }
    });
  });

  it('count in the manifest what each rule changed, a rule that matched nothing included', () => {
    const count = (id: string) => ruled.ledger.filter((row) => row.note.split(' ').includes(`rule:${id}`)).length;
    expect(ruled.manifest?.rules).toEqual([
      { id: 'skip-swap', matched: count('skip-swap') },
      { id: 'rent', matched: count('rent') },
      { id: 'never', matched: 0 },
    ]);
    expect(count('skip-swap')).toBeGreaterThanOrEqual(2);
    expect(ruled.stdout).toContain(`rules: skip-swap ${count('skip-swap')}, rent ${count('rent')}, never 0 entries changed`);
  });

  it('leave ignored entries out of the tax template but in the unified ledger', () => {
    expect(plain.koinly).toContain(swapTx);
    expect(ruled.koinly).not.toContain(swapTx);
    expect(ruled.ledger.some((row) => row.tx_hash === swapTx)).toBe(true);
  });

  it('refuse a job with a bad rule: exit 2, one line naming the field and the fix, nothing written', async () => {
    const bad = await exportRun({ state: 'rules.db', job: { rules: [{ match: { tx: '0x12' }, categroy: 'trade' }] } });
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('rules[0].match.tx "0x12" is not a transaction hash (use 0x followed by 64 hex digits)');
    expect(bad.stderr).toContain('job file key "rules[0].categroy" is unknown (did you mean "category"?)');
    expect(fs.existsSync(bad.out)).toBe(false);
  });
});
