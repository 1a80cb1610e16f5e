import { describe, expect, it } from '@jest/globals';
import { redact } from '../../src/etherscan/redact.js';

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
});
