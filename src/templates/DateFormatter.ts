import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/**
 * Formats Unix seconds with a date-fns pattern in one IANA zone. Rows of one transaction share a timestamp,
 * so the last result is cached: most calls in a large export are a comparison, not a format.
 */
export class DateFormatter {
  private readonly pattern: string;
  private readonly zone: string;
  private lastTimestamp = Number.NaN;
  private lastText = '';

  constructor(pattern: string, zone: string) {
    this.pattern = pattern;
    this.zone = zone;
  }

  format(timestamp: number): string {
    if (timestamp !== this.lastTimestamp) {
      this.lastText = format(new TZDate(timestamp * 1000, this.zone), this.pattern);
      this.lastTimestamp = timestamp;
    }
    return this.lastText;
  }
}
