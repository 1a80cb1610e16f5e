import { describe, expect, it } from '@jest/globals';
import { contractAddress } from '../../src/ledger/contractAddress.js';

describe('contractAddress', () => {
  it('writes a contract in lowercase however a record cases it, the same text every time', () => {
    const checksummed = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
    const lower = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
    expect(contractAddress(checksummed)).toBe(lower);
    expect(contractAddress(lower)).toBe(lower);
    expect(contractAddress(checksummed)).toBe(lower);
  });

  it('keeps answering right after its table is cleared at its bound', () => {
    for (let i = 0; i < 70_000; i += 1)
      expect(contractAddress(`0xAB${i.toString(16).padStart(38, '0')}`)).toBe(`0xab${i.toString(16).padStart(38, '0')}`);
    expect(contractAddress('0xDAC17F958D2EE523A2206206994597C13D831EC7')).toBe('0xdac17f958d2ee523a2206206994597c13d831ec7');
  });
});
