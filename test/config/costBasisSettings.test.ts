import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import type { JobFlags } from '../../src/config/JobFlags.js';
import { loadJob } from '../../src/config/loadJob.js';
import { exitCodeFor } from '../../src/errors/exitCode.js';
import { inputErrorOf } from '../support/inputErrorOf.js';

const base: JobFlags = { address: ['0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'], chain: ['1'], year: '2025', template: ['ledger'] };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-costbasis-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function load(flags: JobFlags, costBasis?: unknown) {
  const file = path.join(dir, 'job.json');
  fs.writeFileSync(file, JSON.stringify(costBasis === undefined ? {} : { costBasis }));
  return loadJob({ flags: { ...base, ...flags, config: file }, env: { ETHERSCAN_API_KEY: 'KEY' }, knownTemplates: ['ledger'], cwd: dir });
}

/** The job's one problem, checked to be one line and exit 2. */
function refusal(flags: JobFlags, costBasis?: unknown): string {
  const error = inputErrorOf(() => load(flags, costBasis));
  expect(exitCodeFor(error)).toBe(2);
  expect(error.message).not.toContain('\n');
  expect(error.shortMessage).toMatch(/^job has 1 problem: /);
  return error.shortMessage.replace(/^job has 1 problem: /, '');
}

describe('cost-basis settings', () => {
  it('is off unless the job file has a costBasis block or --cost-basis is given', () => {
    expect(load({}).costBasis).toBeUndefined();
    expect('costBasis' in load({})).toBe(false);
    expect(load({ costBasis: 'hifo' }).costBasis).toEqual({
      method: 'hifo',
      scope: 'universal',
      profile: 'generic',
      changes: [],
      unclassifiedOut: 'remove',
    });
    expect(load({}, {}).costBasis).toMatchObject({ method: 'fifo', scope: 'universal', profile: 'generic' });
  });

  it("reads the issue's example block, the opening lots beside the job file", () => {
    const block = {
      method: 'fifo',
      scope: 'universal',
      profile: 'generic',
      changes: [{ from: '2025-01-01', method: 'hifo', scope: 'wallet' }],
      unclassifiedOut: 'dispose',
      openingLots: 'lots.csv',
    };
    expect(load({}, block).costBasis).toEqual({ ...block, openingLots: path.join(dir, 'lots.csv') });
  });

  it('applies the profile to what the user did not set, the us profile per wallet from 2025', () => {
    const settings = (flags: JobFlags, block?: unknown) => {
      const { method, scope, changes } = load(flags, block).costBasis ?? {};
      return { method, scope, changes };
    };
    expect(settings({ costBasis: 'fifo', taxProfile: 'generic' })).toEqual({ method: 'fifo', scope: 'universal', changes: [] });
    expect(settings({}, { profile: 'us' })).toEqual({
      method: 'fifo',
      scope: 'universal',
      changes: [{ from: '2025-01-01', scope: 'wallet' }],
    });
    expect(settings({}, { profile: 'uk' })).toEqual({ method: 'uk', scope: 'universal', changes: [] });
    expect(settings({}, { profile: 'de' })).toEqual({ method: 'fifo', scope: 'wallet', changes: [] });
    // The user's method joins the profile's change of scope; a method change on the profile's day joins it.
    expect(settings({ costBasis: 'hifo', taxProfile: 'us' })).toEqual({
      method: 'hifo',
      scope: 'universal',
      changes: [{ from: '2025-01-01', scope: 'wallet' }],
    });
    expect(settings({}, { profile: 'us', changes: [{ from: '2025-01-01', method: 'lifo' }] }).changes).toEqual([
      { from: '2025-01-01', method: 'lifo', scope: 'wallet' },
    ]);
    expect(settings({}, { profile: 'us', changes: [{ from: '2026-01-01', method: 'lifo' }] }).changes).toEqual([
      { from: '2025-01-01', scope: 'wallet' },
      { from: '2026-01-01', method: 'lifo' },
    ]);
    // A scope the user chose rules the whole timeline.
    expect(settings({ basisScope: 'wallet' }, { profile: 'us' })).toEqual({ method: 'fifo', scope: 'wallet', changes: [] });
  });

  it('takes the flags over the file', () => {
    const block = { method: 'fifo', scope: 'universal', profile: 'generic', openingLots: 'lots.csv' };
    const flags = { costBasis: 'average', basisScope: 'wallet', taxProfile: 'de', openingLots: 'other.csv' };
    expect(load(flags, block).costBasis).toEqual({
      method: 'average',
      scope: 'wallet',
      profile: 'de',
      changes: [],
      unclassifiedOut: 'remove',
      openingLots: path.join(dir, 'other.csv'),
    });
  });

  it('refuses cost basis without values, naming --no-values', () => {
    expect(refusal({ costBasis: 'fifo', values: false })).toBe(
      "--cost-basis needs values, which --no-values turns off (drop --no-values: gains and income come from each row's value)",
    );
    expect(refusal({ values: false }, { method: 'fifo' })).toContain('costBasis needs values, which --no-values turns off');
  });

  it('refuses a basis flag without cost basis on, naming --cost-basis', () => {
    for (const [flags, name] of [
      [{ basisScope: 'wallet' }, '--basis-scope'],
      [{ taxProfile: 'us' }, '--tax-profile'],
      [{ openingLots: 'lots.csv' }, '--opening-lots'],
      [{ zeroBasisForMissing: true }, '--zero-basis-for-missing'],
    ] as const)
      expect(refusal(flags)).toBe(
        `${name} is given but cost basis is off (pass --cost-basis METHOD, e.g. --cost-basis fifo, to turn it on)`,
      );
  });

  it('names each bad value and its fix', () => {
    expect(refusal({ costBasis: 'fofi' })).toBe(
      '--cost-basis "fofi" is not a cost-basis method (use one of fifo, lifo, hifo, average, uk)',
    );
    expect(refusal({ costBasis: 'fifo', basisScope: 'chain' })).toBe(
      '--basis-scope "chain" is not a basis scope (use one of universal, wallet)',
    );
    expect(refusal({ costBasis: 'fifo', taxProfile: 'fr' })).toBe(
      '--tax-profile "fr" is not a tax profile (use one of generic, us, uk, de)',
    );
    expect(refusal({}, { method: 3 })).toBe('costBasis.method 3 is not a cost-basis method (use one of fifo, lifo, hifo, average, uk)');
    expect(refusal({}, { unclassifiedOut: 'sell' })).toBe('costBasis.unclassifiedOut "sell" is not a choice (use one of remove, dispose)');
    expect(refusal({}, { openingLots: '' })).toMatch(
      /^costBasis\.openingLots "" is not a path \(use the path of a CSV with the header wallet,chain_id,/,
    );
    expect(refusal({}, { methd: 'fifo' })).toBe('job file key "costBasis.methd" is unknown (did you mean "method"?)');
    expect(refusal({}, 'fifo')).toMatch(/^costBasis must be an object with method, scope, profile, changes, unclassifiedOut, openingLots/);
  });

  it('refuses uk per wallet, naming who set each', () => {
    expect(refusal({ costBasis: 'uk', basisScope: 'wallet' })).toBe(
      'method uk (--cost-basis) cannot pool per wallet (--basis-scope): HMRC pools each token per person (use scope universal with uk, or another method per wallet)',
    );
    expect(refusal({ costBasis: 'uk', taxProfile: 'de' })).toContain('method uk (--cost-basis) cannot pool per wallet (the de profile)');
    expect(refusal({ costBasis: 'uk', taxProfile: 'us' })).toContain('method uk (--cost-basis) cannot pool per wallet (the us profile)');
    expect(refusal({}, { profile: 'uk', changes: [{ from: '2025-04-06', scope: 'wallet' }] })).toContain(
      'method uk (the uk profile) cannot pool per wallet (costBasis.changes[0].scope)',
    );
  });

  it('checks the changes: a list of objects, valid ascending days, each changing something', () => {
    expect(refusal({}, { changes: {} })).toBe('costBasis.changes must be a list (it is an object; write [ … ])');
    expect(refusal({}, { changes: ['hifo'] })).toMatch(/^costBasis\.changes\[0\] must be an object such as \{"from": "2025-01-01"/);
    expect(refusal({}, { changes: [{ method: 'hifo' }] })).toBe(
      'costBasis.changes[0].from is missing (add "from": "YYYY-MM-DD", the first day the change applies)',
    );
    expect(refusal({}, { changes: [{ from: '2025-02-30', method: 'hifo' }] })).toBe(
      'costBasis.changes[0].from "2025-02-30" does not exist on the calendar (check the month and day)',
    );
    expect(refusal({}, { changes: [{ from: '2025-01-01' }] })).toBe(
      'costBasis.changes[0] names neither a method nor a scope (add "method" or "scope", the one that changes on its day)',
    );
    expect(refusal({}, { changes: [{ from: '2025-01-01', method: 'hifo', when: 'now' }] })).toBe(
      'job file key "costBasis.changes[0].when" is unknown (known keys: from, method, scope)',
    );
    expect(refusal({}, { changes: [{ from: '2025-01-01', method: 'hifo', scope: 'pool' }] })).toBe(
      'costBasis.changes[0].scope "pool" is not a basis scope (use one of universal, wallet)',
    );
    const unordered = [
      { from: '2025-06-01', method: 'hifo' },
      { from: '2025-01-01', method: 'lifo' },
    ];
    expect(refusal({}, { changes: unordered })).toBe(
      'costBasis.changes[1].from "2025-01-01" is not after costBasis.changes[0].from "2025-06-01" (list the changes by day, one per day)',
    );
    expect(refusal({}, { method: 'hifo', changes: [{ from: '2025-01-01', method: 'hifo' }] })).toBe(
      'costBasis.changes[0] changes nothing: method hifo and scope universal are already in force on 2025-01-01 (drop it, or give another method or scope)',
    );
    const back = [
      { from: '2025-01-01', method: 'hifo' },
      { from: '2026-01-01', method: 'fifo' },
    ];
    expect(load({}, { changes: back }).costBasis?.changes).toEqual(back);
  });

  it('writes an unknown basis as 0 on the tax forms only when told, by flag or job key', () => {
    expect(load({ costBasis: 'fifo' }).costBasis).not.toHaveProperty('zeroBasisForMissing');
    expect(load({ costBasis: 'fifo', zeroBasisForMissing: true }).costBasis?.zeroBasisForMissing).toBe(true);
    expect(load({}, { zeroBasisForMissing: true }).costBasis?.zeroBasisForMissing).toBe(true);
    expect(load({}, { zeroBasisForMissing: false }).costBasis).not.toHaveProperty('zeroBasisForMissing');
    expect(refusal({}, { zeroBasisForMissing: 'yes' })).toBe('costBasis.zeroBasisForMissing "yes" is not true or false');
  });
});
