/** API prices are cached by the hour, ECB rates by the UTC day. */
export const HOUR = 3600;
export const DAY = 86400;

export function hourOf(time: number): number {
  return Math.floor(time / HOUR) * HOUR;
}

export function dayOf(time: number): number {
  return Math.floor(time / DAY) * DAY;
}

export function isoDate(time: number): string {
  return new Date(time * 1000).toISOString().slice(0, 10);
}
