/** Where a sale goes on Form 8949 and the Schedule D line its part's totals go to. */
export interface Form8949Place {
  /** `I` short term, `II` long term. */
  part: 'I' | 'II';
  box: 'C' | 'F' | 'I' | 'L';
  /** Schedule D: line 3 (boxes C and I), line 10 (boxes F and L). */
  line: '3' | '10';
}

/** The first year whose Form 8949 has the digital-asset boxes (G–L); before it, digital assets used C and F. */
export const DIGITAL_ASSET_BOXES_FROM = 2025;

/**
 * A self-custody sale's place on Form 8949: no broker reported it (no 1099-B, no 1099-DA), so box C (short) or F
 * (long) for sales before 2025, and from 2025 the digital-asset boxes I (short) and L (long). `soldYear` is the
 * sale's calendar year in the job's zone.
 */
export function form8949Box(term: 'short' | 'long', soldYear: number): Form8949Place {
  const digital = soldYear >= DIGITAL_ASSET_BOXES_FROM;
  return term === 'short' ? { part: 'I', box: digital ? 'I' : 'C', line: '3' } : { part: 'II', box: digital ? 'L' : 'F', line: '10' };
}
