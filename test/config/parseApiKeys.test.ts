import { describe, expect, it } from '@jest/globals';
import { parseApiKeys } from '../../src/config/parseApiKeys.js';

describe('parseApiKeys', () => {
  it('reads name:key:rate items separated by commas or lines, a missing rate taking the default', () => {
    expect(parseApiKeys('firm-1:KEYONE:5, firm.2:KEYTWO\n# a comment\nthird_key:KEYTHREE:0.5\n', 'ETHERSCAN_API_KEYS', 3)).toEqual([
      { name: 'firm-1', key: 'KEYONE', rate: 5 },
      { name: 'firm.2', key: 'KEYTWO', rate: 3 },
      { name: 'third_key', key: 'KEYTHREE', rate: 0.5 },
    ]);
  });

  it('reads a daily quota as the fourth field, the rate left empty taking the default', () => {
    expect(parseApiKeys('firm-1:KEYONE:5:100000,firm-2:KEYTWO::500', 'ETHERSCAN_API_KEYS', 3)).toEqual([
      { name: 'firm-1', key: 'KEYONE', rate: 5, dailyQuota: 100_000 },
      { name: 'firm-2', key: 'KEYTWO', rate: 3, dailyQuota: 500 },
    ]);
  });

  it('takes a text without a colon for one key named default (ETHERSCAN_API_KEY, a plain key file)', () => {
    expect(parseApiKeys('  PLAINKEY123\n', '--api-key-file', 4)).toEqual([{ name: 'default', key: 'PLAINKEY123', rate: 4 }]);
  });

  it.each([
    ['', /holds no API key/],
    ['a:KEY1:5,b', /item 2 is not name:key/],
    ['a:KEY1:5:9:1', /item 1 is not name:key/],
    ['a:KEY1:5:many', /item 1 \(a\) daily quota "many" is not a positive whole number/],
    ['bad name:KEY1', /item 1 has the name "bad name"/],
    ['a:', /item 1 \(a\) has an empty key/],
    ['a:SECRETKEY:fast', /item 1 \(a\) rate "fast" is not a positive number/],
    ['a:KEY1,a:KEY2', /names the key a twice/],
    ['a:SAMEKEY,b:SAMEKEY', /lists one key under two names/],
  ])('refuses %j naming the item, never echoing a key', (text, says) => {
    let message = '';
    try {
      parseApiKeys(text, 'ETHERSCAN_API_KEYS', 5);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(says);
    expect(message).toContain('ETHERSCAN_API_KEYS');
    for (const key of ['KEY1', 'KEY2', 'SECRETKEY', 'SAMEKEY']) expect(message).not.toContain(key);
  });
});
