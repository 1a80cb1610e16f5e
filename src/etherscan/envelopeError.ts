import type { ErrorDetails } from '../errors/LedgerscanError.js';
import type { EnvelopeClass } from './classifyEnvelope.js';
import {
  ApiConfigurationError,
  ApiProtocolError,
  ApiUnsupportedError,
  ChainNotAvailableError,
  DailyLimitError,
  QueryTimeoutError,
} from './errors.js';

/** An answer that is neither data nor a reason to retry. */
export type Refusal = Exclude<EnvelopeClass, { kind: 'data' | 'empty' | 'notFound' | 'retry' }>;

/** The typed error of a refusal; `text` is the answer's text, already redacted. */
export function envelopeError(outcome: Refusal, text: string, chainId: number, details: ErrorDetails, now: Date): Error {
  switch (outcome.kind) {
    case 'dailyLimit':
      return new DailyLimitError(text, now, details);
    case 'splitRange':
      return new QueryTimeoutError(text, details);
    case 'configuration':
      return outcome.reason === 'free-tier-chain'
        ? new ChainNotAvailableError(chainId, text, details)
        : new ApiConfigurationError(outcome.reason, text, details);
    case 'unsupported':
      return new ApiUnsupportedError(outcome.reason, text, details);
    case 'bug':
      return new ApiProtocolError(outcome.reason, text, details);
    case 'unknown':
      return new ApiProtocolError('unknown', text, details);
  }
}
