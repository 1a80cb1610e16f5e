import { Decimal } from '../ledger/money.js';
import type { PriceAnswer } from './PriceAnswer.js';
import type { AssetTimes } from './AssetTimes.js';
import { queryAt } from './AssetTimes.js';
import { queryKey } from './priceQueryOf.js';
import type { RowPrices } from './valueLeg.js';

/** An answer as plain data (decimals as strings), so it crosses to a rendering thread as a structured clone. */
type WireAnswer =
  | {
      found: true;
      price: string;
      currency: string;
      time: number;
      source: string;
      fx?: { usdPerEur: string; bookPerEur?: string; date: string; usd: string };
    }
  | { found: false; state: Extract<PriceAnswer, { found: false }>['state'] };

/** The prepared answers of some chains' questions, for a thread that renders them (no store, no calls). */
export interface RecordedAnswers {
  currency: string;
  keys: string[];
  answers: WireAnswer[];
}

/** Records the answer of every question of the given chains, as the oracle gave it. */
export function recordAnswers(asked: Iterable<AssetTimes>, prices: RowPrices, chainIds: ReadonlySet<number>): RecordedAnswers {
  const recorded: RecordedAnswers = { currency: prices.currency, keys: [], answers: [] };
  for (const asset of asked) {
    if (!chainIds.has(asset.chainId)) continue;
    for (const time of asset.times) {
      const query = queryAt(asset, time);
      const answer = prices.priceAt(query);
      recorded.keys.push(queryKey(query));
      recorded.answers.push(answer.found ? toWire(answer) : answer);
    }
  }
  return recorded;
}

/** The recorded answers as the prices a renderer reads; a question nobody recorded has no price. */
export function recordedPrices(recorded: RecordedAnswers): RowPrices {
  const byKey = new Map<string, PriceAnswer>();
  // One Decimal per distinct price, as the oracle shares them: rows at one price then share its written text.
  const decimals = new Map<string, Decimal>();
  const decimal = (text: string): Decimal => {
    let known = decimals.get(text);
    if (known === undefined) decimals.set(text, (known = new Decimal(text)));
    return known;
  };
  recorded.keys.forEach((key, i) => {
    const wire = recorded.answers[i] as WireAnswer;
    byKey.set(key, wire.found ? fromWire(wire, decimal) : wire);
  });
  return { currency: recorded.currency, priceAt: (query) => byKey.get(queryKey(query)) ?? { found: false, state: 'not found' } };
}

function toWire(answer: Extract<PriceAnswer, { found: true }>): WireAnswer {
  const { currency, time, source, fx, price } = answer;
  return {
    found: true,
    currency,
    time,
    source,
    price: price.toFixed(),
    ...(fx === undefined ? {} : { fx: { ...fx, usd: fx.usd.toFixed() } }),
  };
}

/** Literals, not spreads with properties added: V8 took ≈ 5 µs for each such copy, and a worker reads every question's answer. */
function fromWire(wire: Extract<WireAnswer, { found: true }>, decimal: (text: string) => Decimal): PriceAnswer {
  const { fx, currency, time, source } = wire;
  const price = decimal(wire.price);
  if (fx === undefined) return { found: true, price, currency, time, source };
  const usd = decimal(fx.usd);
  const used =
    fx.bookPerEur === undefined
      ? { usdPerEur: fx.usdPerEur, date: fx.date, usd }
      : { usdPerEur: fx.usdPerEur, bookPerEur: fx.bookPerEur, date: fx.date, usd };
  return { found: true, price, currency, time, source, fx: used };
}
