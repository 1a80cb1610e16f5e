import { parse } from 'csv-parse/sync';
import { ApiProtocolError } from './errors.js';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The addresses (lowercase, in file order, without repeats) of an `exportaddresstags` CSV file. The docs'
 * example is semicolon-separated with every cell quoted, under the same columns as `getaddresstag`
 * (`"address";"nametag";…`); commas are accepted too, since the format is documented by example only.
 */
export function parseLabelExport(text: string): string[] {
  let rows: Record<string, string>[];
  try {
    rows = parse(text, { columns: true, delimiter: [';', ','], bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    throw new ApiProtocolError('unexpected-result', error instanceof Error ? error.message : String(error), {
      request: 'nametag.exportaddresstags download',
    });
  }
  if (rows.length > 0 && !('address' in (rows[0] as object))) {
    throw new ApiProtocolError('unexpected-result', text.slice(0, 200), {
      request: 'nametag.exportaddresstags download',
      expected: 'an "address" column',
    });
  }
  const addresses = new Set<string>();
  for (const row of rows) {
    const address = row['address'] ?? '';
    if (ADDRESS.test(address)) addresses.add(address.toLowerCase());
  }
  return [...addresses];
}
