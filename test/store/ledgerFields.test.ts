import { describe, expect, it } from '@jest/globals';
import { STREAMS, type Stream, type WireReceipt, type WireRecord } from '../../src/etherscan/wire.js';
import { LEDGER_FIELDS, RECEIPT_FIELDS } from '../../src/ledger/LedgerRecord.js';
import { decodeLedgerFields, decodeReceiptFields, encodeLedgerFields, encodeReceiptFields } from '../../src/store/ledgerFields.js';
import { etherscanSample } from '../support/samples.js';

const SAMPLE_OF: Record<Stream, string> = {
  txlist: 'docs-txlist.json',
  txlistinternal: 'docs-txlistinternal-by-address.json',
  tokentx: 'docs-tokentx.json',
  tokennfttx: 'docs-tokennfttx.json',
  token1155tx: 'docs-token1155tx.json',
};
const recorded = (stream: Stream): WireRecord[] => (etherscanSample(SAMPLE_OF[stream]) as { result: WireRecord[] }).result;

/** What the ledger must get back: blockNumber and every listed field, absent ones as ''. */
function ledgerView(stream: Stream, record: WireRecord): Record<string, string> {
  const fields = record as unknown as Record<string, string | undefined>;
  return Object.fromEntries([
    ['blockNumber', String(Number(record.blockNumber))],
    ...LEDGER_FIELDS[stream].map((name) => [name, fields[name] ?? '']),
  ]);
}

describe('ledger fields', () => {
  it.each(STREAMS.map((stream) => [stream]))('give back every field the ledger reads of recorded %s rows, nothing else', (stream) => {
    const rows = recorded(stream);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(decodeLedgerFields(stream, Number(row.blockNumber), encodeLedgerFields(stream, row))).toEqual(ledgerView(stream, row));
    }
  });

  it.each([
    ['the separators', 'a\u001fb\u001ec', '\u001e'],
    // PostgreSQL text cannot hold U+0000 and UTF-8 cannot encode a lone surrogate: the line must not carry them raw.
    ['U+0000', 'nul\u0000name', '\u0000'],
    ['a lone surrogate', 'half \ud83d of an emoji', '\udc00'],
  ])('keep values holding %s exact, through the JSON form', (_what, tokenName, tokenSymbol) => {
    const [row] = recorded('tokentx') as [WireRecord];
    const hostile = { ...row, tokenName, tokenSymbol };
    const line = encodeLedgerFields('tokentx', hostile);
    expect(line.startsWith('\u001e')).toBe(true);
    expect(line.includes('\u0000')).toBe(false);
    expect(line).not.toMatch(/\p{Cs}/u);
    expect(decodeLedgerFields('tokentx', Number(row.blockNumber), line)).toEqual(ledgerView('tokentx', hostile));
  });

  it('keep a plain line for values without them, emoji included', () => {
    const [row] = recorded('tokentx') as [WireRecord];
    expect(encodeLedgerFields('tokentx', { ...row, tokenName: 'ünïcødé 🚀' }).startsWith('\u001e')).toBe(false);
  });

  it('give back the fee fields of a recorded receipt, absent ones as empty', () => {
    const body = etherscanSample('docs-eth_getTransactionReceipt.json') as { result: WireReceipt };
    const decoded = decodeReceiptFields(encodeReceiptFields(body.result));
    expect(Object.keys(decoded)).toEqual([...RECEIPT_FIELDS]);
    for (const name of RECEIPT_FIELDS) expect(decoded[name]).toBe(typeof body.result[name] === 'string' ? body.result[name] : '');
    expect(decoded.gasUsed).toMatch(/^0x[0-9a-f]+$/);
  });
});
