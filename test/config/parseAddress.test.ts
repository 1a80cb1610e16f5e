import { describe, expect, it } from '@jest/globals';
import { InputError } from '../../src/errors/LedgerscanError.js';
import { checksumAddress } from '../../src/config/checksumAddress.js';
import { parseAddress } from '../../src/config/parseAddress.js';

// The test vectors of EIP-55.
const vectors = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0xde709f2102306220921060314715629080e2fb77',
];

describe('parseAddress', () => {
  it.each(vectors)('computes the EIP-55 form of %s', (address) => {
    expect(checksumAddress(address.toLowerCase())).toBe(address);
  });

  it.each(vectors)('accepts %s and returns it lowercase', (address) => {
    expect(parseAddress(address, 'x')).toBe(address.toLowerCase());
  });

  it('accepts one-case addresses, which carry no checksum', () => {
    const lower = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
    expect(parseAddress(lower, 'x')).toBe(lower);
    expect(parseAddress(`0x${lower.slice(2).toUpperCase()}`, 'x')).toBe(lower);
  });

  it.each([
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'fails its EIP-55 checksum'],
    ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae', 'is not a 20-byte hex address'],
    ['5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', 'is not a 20-byte hex address'],
    ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg', 'is not a 20-byte hex address'],
    [42, 'is not a 20-byte hex address'],
  ])('refuses %s', (value, problem) => {
    expect(() => parseAddress(value, 'wallets[0].address')).toThrow(InputError);
    expect(() => parseAddress(value, 'wallets[0].address')).toThrow(`wallets[0].address ${JSON.stringify(value)} ${problem}`);
  });
});
