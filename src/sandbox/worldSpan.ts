/** The world spans 2024-06-01 .. 2026-03-01 UTC, so a 2025 export has history before its period. */
export const WORLD_START = Date.UTC(2024, 5, 1) / 1000;
export const WORLD_END = Date.UTC(2026, 2, 1) / 1000;
/**
 * Every special case happens in this window, well inside calendar 2025 UTC, so the demo's
 * 2025 export shows each one; bulk activity still covers the whole span.
 */
export const SPECIALS_FROM = Date.UTC(2025, 0, 15) / 1000;
export const SPECIALS_TO = Date.UTC(2025, 11, 15) / 1000;
/** Where chain 1 starts in a `spanFeeMarket` world: a wallet active since 2019, two and a half years before London. */
export const SPANNING_START = Date.UTC(2019, 0, 1) / 1000;
