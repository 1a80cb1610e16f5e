/** Digits after the point of a currency's minor unit (ISO 4217: 2 for USD/EUR/GBP/CHF, 0 for JPY), from Intl's table. */
export function minorUnits(currency: string): number {
  // Every row of a book asks for its one currency: no map lookup for it.
  if (currency === lastCurrency) return lastDigits;
  const known = cache.get(currency);
  if (known !== undefined) return remember(currency, known);
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // Not a currency code Intl knows: the settings refuse those; cents are the safe reading meanwhile.
  }
  cache.set(currency, digits);
  return remember(currency, digits);
}

const cache = new Map<string, number>();
let lastCurrency = '';
let lastDigits = 2;

function remember(currency: string, digits: number): number {
  lastCurrency = currency;
  lastDigits = digits;
  return digits;
}
