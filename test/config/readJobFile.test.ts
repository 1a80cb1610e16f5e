import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { readJobFile } from '../../src/config/readJobFile.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-jobfile-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  fs.writeFileSync(path.join(dir, name), text);
  return name;
}

describe('readJobFile', () => {
  it('resolves the path from the cwd and tolerates a byte-order mark', () => {
    const file = readJobFile(write('bom.json', '\uFEFF{"chains": [1]}'), dir);
    expect(file).toEqual({ path: path.join(dir, 'bom.json'), dir, data: { chains: [1] } });
  });

  it('places an unexpected end of input on the last line', () => {
    expect(() => readJobFile(write('cut.json', '{\n  "chains": [1,\n'), dir)).toThrow('Unexpected end of JSON input at line 3 column 1');
  });

  it('finds the location when V8 gives none (the first character where the text stops being valid JSON)', () => {
    expect(() => readJobFile(write('token.json', '{"a": tru}'), dir)).toThrow(
      /is not valid JSON: Unexpected token '}' at line 1 column 10 \(fix the JSON there\)$/,
    );
  });
});
