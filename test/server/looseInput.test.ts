import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { openWorkspace, tempDir } from '../support/workspaceHarness.js';
import type { Served } from '../support/serverHarness.js';
import { addUser, serve } from '../support/serverHarness.js';

let workspace: Workspace;
let server: Served;
let dataDir: string;
let admin: string;

const book = (name: string, label = 'Main'): Record<string, unknown> => ({
  name,
  wallets: [{ address: '0x00000000000000000000000000000000000000aa', label }],
  chains: [1],
});

async function post(body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/api/books`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  dataDir = tempDir('loose');
  // No run starts here: the API is never called.
  workspace = openWorkspace(dataDir, { url: 'http://127.0.0.1:9', apiKey: 'unused-key-0123456789' });
  server = await serve(workspace);
  admin = await addUser(workspace, 'keeper', 'admin', 'keeper password 1');
});

afterAll(async () => {
  await server.close();
  await workspace.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('user text of a book', () => {
  it('refuses control and bidi characters with one line naming the field, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [book('Client\u0000A'), 'name', 'U+0000'],
      [book('\u001b[31mClient'), 'name', 'U+001B'],
      [book('\u202egnp.exe'), 'name', 'U+202E'],
      [book('Client', 'Main\u2066x'), 'wallets[0].label', 'U+2066'],
      [book('Client', 'Main\u0085'), 'wallets[0].label', 'U+0085'],
      [
        { ...book('Client'), labels: { '0x00000000000000000000000000000000000000bb': 'Ex\u202dchange' } },
        'labels.0x00000000000000000000000000000000000000bb',
        'U+202D',
      ],
    ];
    for (const [body, field, char] of cases) {
      const refused = await post(body);
      expect([refused.status, refused.json]).toEqual([
        400,
        { error: expect.stringContaining(`${field} contains the invisible character ${char}`), field },
      ]);
      expect(refused.json.error).not.toContain('\n');
    }
    expect(await workspace.data.listBooks()).toEqual([]);
  });

  it('trims text and warns about a second book of the same name', async () => {
    const first = await post(book('  Client A  ', ' Main '));
    expect([first.status, first.json.name, first.json.warnings]).toEqual([201, 'Client A', []]);
    expect((first.json.wallets as { label: string }[])[0]?.label).toBe('Main');
    const second = await post(book('client a'));
    expect([second.status, second.json.warnings]).toEqual([201, [`name: book ${String(first.json.id)} is also called "Client A"`]]);
  });
});
