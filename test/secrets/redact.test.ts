import { describe, expect, it } from '@jest/globals';
import { redact, redactDatabaseUrl, redactSecrets, redactValues } from '../../src/secrets/redact.js';

describe('redact', () => {
  const key = 'K3Y+SECRET/123';

  it('removes the apikey query value whatever key it holds', () => {
    expect(redact('GET http://x/v2/api?chainid=1&apikey=OTHERKEY&x=1 failed')).toBe('GET http://x/v2/api?chainid=1&apikey=***&x=1 failed');
    expect(redact('url ...&APIKEY=abc"')).toBe('url ...&APIKEY=***"');
  });

  it('removes the literal key, raw and URL-encoded', () => {
    expect(redact(`key ${key} and ${encodeURIComponent(key)} twice ${key}`, key)).toBe('key *** and *** twice ***');
  });

  it('leaves text without the key alone', () => {
    expect(redact('Max rate limit reached', key)).toBe('Max rate limit reached');
    expect(redact('no key given', '')).toBe('no key given');
  });

  it('masks a key only where it stands whole, never inside a word', () => {
    expect(redact('Unexpected token k in JSON', 'k')).toBe('Unexpected token *** in JSON');
    expect(redact('key=abc, abcdef, xabc, abc.', 'abc')).toBe('key=***, abcdef, xabc, ***.');
  });

  it('masks a long key glued to other text, and the cut head of a quoted one', () => {
    expect(redact(`label xx${key}yy`, key)).toBe('label xx***yy');
    expect(redactValues(`"xxxx${key.slice(0, 6)}…" and k in token`, [key, 'k'])).toBe('"xxxx***…" and *** in token');
  });
});

describe('redactSecrets', () => {
  it('masks the flag key, the listed keys and the database password as whole tokens', () => {
    const argv = ['export', '--api-key', 'k', '--database', 'postgres://u:pw@h/db'];
    const env = { ETHERSCAN_API_KEYS: 'main:SECRETA:5' };
    expect(redactSecrets('Unexpected token k at postgres://u:pw@h/db with SECRETA; pwned', argv, env)).toBe(
      'Unexpected token *** at postgres://u:***@h/db with ***; pwned',
    );
    expect(redactSecrets('key k', ['--api-key=k'], {})).toBe('key ***');
  });

  it('redactDatabaseUrl hides the password of a URL', () => {
    expect(redactDatabaseUrl('postgres://u:secret@h:5432/db')).toBe('postgres://u:***@h:5432/db');
  });
});
