import { describe, expect, it } from '@jest/globals';
import { periodInZone } from '../../src/config/periodInZone.js';

const day = (text: string) => {
  const [year, month, date] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day: date };
};
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('periodInZone', () => {
  it('covers a whole UTC year as a half-open range', () => {
    const period = periodInZone(day('2025-01-01'), day('2025-12-31'), 'UTC');
    expect(period).toEqual({ from: '2025-01-01', to: '2025-12-31', startTime: 1735689600, endTime: 1767225600 });
  });

  it('starts and ends at local midnight in New York, across both DST changes', () => {
    const period = periodInZone(day('2025-01-01'), day('2025-12-31'), 'America/New_York');
    expect(iso(period.startTime)).toBe('2025-01-01T05:00:00.000Z');
    expect(iso(period.endTime)).toBe('2026-01-01T05:00:00.000Z');
    const summer = periodInZone(day('2025-07-01'), day('2025-07-01'), 'America/New_York');
    expect(iso(summer.startTime)).toBe('2025-07-01T04:00:00.000Z');
  });

  it('gives the spring-forward day 23 hours and the fall-back day 25 (Berlin)', () => {
    const spring = periodInZone(day('2025-03-30'), day('2025-03-30'), 'Europe/Berlin');
    expect(iso(spring.startTime)).toBe('2025-03-29T23:00:00.000Z');
    expect(spring.endTime - spring.startTime).toBe(23 * 3600);
    const autumn = periodInZone(day('2025-10-26'), day('2025-10-26'), 'Europe/Berlin');
    expect(autumn.endTime - autumn.startTime).toBe(25 * 3600);
  });

  it('starts at the first instant that exists when DST skips midnight (Santiago)', () => {
    const period = periodInZone(day('2024-09-08'), day('2024-09-08'), 'America/Santiago');
    expect(iso(period.startTime)).toBe('2024-09-08T04:00:00.000Z');
    expect(iso(period.endTime)).toBe('2024-09-09T03:00:00.000Z');
  });

  it('rolls the exclusive end over month and leap-year ends', () => {
    const period = periodInZone(day('2024-02-01'), day('2024-02-29'), 'UTC');
    expect(iso(period.endTime)).toBe('2024-03-01T00:00:00.000Z');
  });
});
