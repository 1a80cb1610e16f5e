import { parseAddress } from '../config/parseAddress.js';
import { parseInstant } from '../config/parseInstant.js';
import { InputError } from '../errors/LedgerscanError.js';
import { Decimal } from '../ledger/money.js';
import { type CsvLine, csvLines } from '../prices/csvLines.js';
import type { BasisScope } from './CostBasisSettings.js';
import type { OpeningLot } from './Lot.js';

export const OPENING_LOT_COLUMNS = [
  'wallet',
  'chain_id',
  'asset',
  'asset_contract',
  'lot_id',
  'acquired_at',
  'quantity',
  'cost',
  'decimals',
] as const;
type Column = (typeof OPENING_LOT_COLUMNS)[number];

/** What a lot is checked against: the scope in force at the start, the job's wallets (lowercase) and chains. */
export interface OpeningLotsContext {
  scope: BasisScope;
  wallets: readonly string[];
  chains: readonly number[];
  /** Where an `acquired_at` without an offset is read. */
  timezone: string;
}

/** Bad lines named before the rest are only counted: the first ones show what is wrong with the file. */
const SHOWN = 10;

/**
 * The user's opening lots (RFC 4180, the header `OPENING_LOT_COLUMNS`): each line one lot held before the ledger's
 * first entry. `wallet` is empty under the universal scope and one of the job's wallets per wallet; `quantity` is
 * in whole units, made base units with `decimals` (more fractional digits than that would be a quantity no chain
 * holds); `cost` empty is unknown, never 0. Every bad line is named, with its first bad cell, in one `InputError`.
 */
export function parseOpeningLots(text: string, name: string, context: OpeningLotsContext): OpeningLot[] {
  const [header, ...lines] = csvLines(
    text,
    (line, problem, cause) => new InputError(`opening lots file ${name} line ${line}: ${problem}`, { cause }),
  );
  const names = (header?.cells ?? []).map((cell) => cell.trim().toLowerCase());
  if (names.join(',') !== OPENING_LOT_COLUMNS.join(','))
    throw new InputError(`opening lots file ${name} line 1: the header must be ${OPENING_LOT_COLUMNS.join(',')}`);
  const lots: OpeningLot[] = [];
  const problems: string[] = [];
  const seen = new Map<string, number>();
  for (const line of lines) {
    if (line.cells.every((cell) => cell.trim() === '')) continue;
    try {
      const lot = parseLine(line, context);
      const earlier = seen.get(lot.lotId);
      if (earlier !== undefined)
        throw cellError('lot_id', `lot_id ${JSON.stringify(lot.lotId)} is also on line ${earlier} (give each lot its own id)`);
      seen.set(lot.lotId, line.lineNo);
      lots.push(lot);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      problems.push(`line ${line.lineNo} ${error.shortMessage}`);
    }
  }
  if (problems.length > 0) {
    const more = problems.length > SHOWN ? `; and ${problems.length - SHOWN} more` : '';
    throw new InputError(
      `opening lots file ${name} has ${problems.length} bad ${problems.length === 1 ? 'line' : 'lines'}: ${problems.slice(0, SHOWN).join('; ')}${more}`,
      { details: { fix: 'correct the lines and run again' } },
    );
  }
  return lots;
}

function parseLine({ cells }: CsvLine, context: OpeningLotsContext): OpeningLot {
  if (cells.length !== OPENING_LOT_COLUMNS.length)
    throw new InputError(`has ${cells.length} cells where ${OPENING_LOT_COLUMNS.length} are needed (${OPENING_LOT_COLUMNS.join(',')})`);
  const cell = (column: Column): string => (cells[OPENING_LOT_COLUMNS.indexOf(column)] ?? '').trim();
  const decimals = parseDecimals(cell('decimals'));
  const cost = cell('cost');
  return {
    wallet: parseWallet(cell('wallet'), context),
    chainId: parseChain(cell('chain_id'), context.chains),
    asset: required(cell('asset'), 'asset', "the token's symbol, e.g. ETH"),
    assetContract: parseContract(cell('asset_contract')),
    lotId: required(cell('lot_id'), 'lot_id', 'an id of your own for the lot, e.g. cex-2023-01'),
    acquiredAt: parseAcquiredAt(cell('acquired_at'), context.timezone),
    quantity: parseQuantity(cell('quantity'), decimals),
    cost: cost === '' ? null : new Decimal(parseCost(cost)),
    decimals,
  };
}

function cellError(column: Column, message: string): InputError {
  return new InputError(message, { details: { field: column } });
}

function required(text: string, column: Column, what: string): string {
  if (text === '') throw cellError(column, `${column} is empty (give ${what})`);
  return text;
}

function parseWallet(text: string, context: OpeningLotsContext): string | null {
  if (context.scope === 'universal') {
    if (text !== '')
      throw cellError(
        'wallet',
        `wallet ${JSON.stringify(text)} is given but the scope is universal, one pool per asset for every wallet (leave wallet empty)`,
      );
    return null;
  }
  const wallet = parseAddress(required(text, 'wallet', 'the wallet that holds the lot: the scope is per wallet'), 'wallet');
  if (!context.wallets.includes(wallet))
    throw cellError('wallet', `wallet ${text} is not one of the job's wallets (give the job's wallet that holds the lot)`);
  return wallet;
}

function parseChain(text: string, chains: readonly number[]): number {
  if (!/^[1-9]\d{0,9}$/.test(text)) throw cellError('chain_id', `chain_id ${JSON.stringify(text)} is not a chain id (e.g. 1)`);
  const chainId = Number(text);
  if (!chains.includes(chainId))
    throw cellError('chain_id', `chain_id ${chainId} is not one of the job's chains (use one of ${chains.join(', ')})`);
  return chainId;
}

/** Empty or `native` for the chain's coin, else a token contract, lowercase. */
function parseContract(text: string): string {
  return text === '' || text.toLowerCase() === 'native' ? '' : parseAddress(text, 'asset_contract');
}

/** An instant: a day alone is refused, since its start and its end differ by a day of the holding period. */
function parseAcquiredAt(text: string, timezone: string): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})?$/.test(text))
    throw cellError(
      'acquired_at',
      `acquired_at ${JSON.stringify(text)} is not an instant (use ISO 8601 with a time, e.g. 2023-05-01T12:00:00Z; without Z or an offset it is read in ${timezone})`,
    );
  return parseInstant(text, 'acquired_at', timezone).time;
}

/** ERC-20 `decimals` is a uint8, but no amount past 78 digits (uint256) exists. */
function parseDecimals(text: string): number {
  if (!/^\d{1,2}$/.test(text) || Number(text) > 77)
    throw cellError(
      'decimals',
      `decimals ${JSON.stringify(text)} is not a whole number from 0 to 77 (the token's decimals, e.g. 18 for ETH)`,
    );
  return Number(text);
}

function parseQuantity(text: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (match === null)
    throw cellError(
      'quantity',
      `quantity ${JSON.stringify(text)} is not a plain positive decimal in whole units, such as 1.5 (no sign, separator or exponent)`,
    );
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > decimals)
    throw cellError(
      'quantity',
      `quantity ${text} has ${fraction.length} fractional digits but decimals is ${decimals} (no chain holds a smaller unit: check the quantity and the decimals)`,
    );
  const units = BigInt(whole + fraction.padEnd(decimals, '0'));
  if (units === 0n) throw cellError('quantity', `quantity ${text} is 0 (leave out a lot with nothing in it)`);
  return units;
}

function parseCost(text: string): string {
  if (!/^\d+(\.\d+)?$/.test(text))
    throw cellError(
      'cost',
      `cost ${JSON.stringify(text)} is not a plain decimal in the book currency, such as 1250.50 (leave it empty when unknown; 0 means a real cost of 0)`,
    );
  return text;
}
