import type { ErrorDetails } from '../errors/LedgerscanError.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import type { BugReason, ConfigurationReason, RetryReason, UnsupportedReason } from './classifyEnvelope.js';

/**
 * Typed answers of the API that reach callers. Every text handed to these constructors must
 * already be redacted (see redact.ts); details never carry the key or a full URL.
 */

const FIXES: Readonly<Record<ConfigurationReason, string>> = {
  'invalid-key': 'check the API key (old per-chain explorer keys do not work on V2; a new key takes a few minutes to activate)',
  'missing-key': 'pass --api-key or set ETHERSCAN_API_KEY',
  'too-many-invalid-key-attempts': 'fix the API key, then wait 30 s before trying again',
  'unsupported-chain': "use a chain the API supports (see 'ledgerscan chains')",
  'free-tier-chain': 'drop this chain or upgrade the API plan',
  'invalid-address': 'check the wallet addresses',
};

/** The user must fix the key, the plan or the input; retrying does not help. */
export class ApiConfigurationError extends LedgerscanError {
  readonly reason: ConfigurationReason;

  constructor(reason: ConfigurationReason, apiText: string, details: ErrorDetails = {}) {
    super(`the API refused the request: ${apiText}`, {
      details: { ...details, fix: FIXES[reason] },
      kind: reason === 'invalid-address' ? 'input' : 'api',
    });
    this.reason = reason;
  }
}

/** The plan does not cover this chain; the caller may skip the chain and report it. */
export class ChainNotAvailableError extends ApiConfigurationError {
  readonly chainId: number;

  constructor(chainId: number, apiText: string, details: ErrorDetails = {}) {
    super('free-tier-chain', apiText, { ...details, chainid: chainId });
    this.chainId = chainId;
  }
}

/** The daily quota is used up: stop for today, everything committed stays. */
export class DailyLimitError extends LedgerscanError {
  /** When the quota resets (next 00:00 UTC). */
  readonly resetsAt: Date;

  constructor(apiText: string, now: Date, details: ErrorDetails = {}) {
    const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
    super(`daily API quota used up; it resets at 00:00 UTC, in ${formatDuration(resetsAt.getTime() - now.getTime())}`, {
      details: { ...details, api: apiText, fix: 'run again after the reset; work already synced is kept' },
      kind: 'api',
    });
    this.resetsAt = resetsAt;
  }
}

/** The server wants a smaller block range: a signal for the sync layer to split the range. */
export class QueryTimeoutError extends LedgerscanError {
  constructor(apiText: string, details: ErrorDetails = {}) {
    super('the API timed out on this block range; split it', { details: { ...details, api: apiText }, kind: 'api' });
  }
}

/** Every retry failed (HTTP errors, throttling, dropped connections, timeouts). */
export class ApiUnavailableError extends LedgerscanError {
  /** What the last attempt got: an HTML page or an empty body every time says more than a dropped connection. */
  readonly lastReason: RetryReason;

  constructor(
    attempts: number,
    lastReason: RetryReason,
    lastProblem: string,
    details: ErrorDetails = {},
    shortMessage = `the API did not answer usefully after ${attempts} attempts`,
  ) {
    super(shortMessage, {
      details: { ...details, last: lastProblem },
      kind: 'api',
    });
    this.lastReason = lastReason;
  }
}

/** Nothing listens at the base URL (connection refused, unknown host): failed after one retry, not eight. */
export class ApiUnreachableError extends ApiUnavailableError {
  constructor(attempts: number, lastProblem: string, details: ErrorDetails = {}) {
    const fix = 'check --base-url: nothing answers there (is the server running, is the host name right?)';
    super(
      attempts,
      'unreachable',
      lastProblem,
      { ...details, baseUrl: undefined, fix },
      `cannot reach the API at --base-url ${String(details['baseUrl'] ?? '')} (${attempts} attempts)`,
    );
  }
}

const UNSUPPORTED_FIXES: Readonly<Record<UnsupportedReason, string>> = {
  'unknown-action': 'use an API that serves this action (Etherscan v2 does), or check --base-url',
  plan: 'this call needs a higher API plan (API Pro or Pro Plus)',
  'page-not-found': 'check --base-url (it must end in /v2/api)',
};

/** The API does not serve this action for us (not implemented, not in the plan, no API at the URL). */
export class ApiUnsupportedError extends LedgerscanError {
  readonly reason: UnsupportedReason;

  constructor(reason: UnsupportedReason, apiText: string, details: ErrorDetails = {}) {
    super(`the API does not serve ${String(details['request'] ?? 'this request')}`, {
      details: { ...details, answer: apiText, fix: UNSUPPORTED_FIXES[reason] },
      kind: 'api',
    });
    this.reason = reason;
  }
}

const RAW_TEXT_LIMIT = 300;

const PROTOCOL_FIXES: Readonly<Record<ApiProtocolError['reason'], string>> = {
  'result-window': 'report this: ledgerscan asked for more than 10,000 rows at once',
  'deprecated-v1': 'use a V2 URL for --base-url (it must end in /v2/api)',
  unknown: 'check --base-url: the API there answers in a form ledgerscan does not know',
  'unexpected-result': 'check --base-url: the API there answers in a form ledgerscan does not know',
};

/**
 * An answer ledgerscan cannot use: a refusal only a client defect should cause (`bug`), one nobody has
 * classified (`unknown`), or data of the wrong shape. Still an answer of the API at the user's base URL,
 * so exit 3 with the raw text, never an internal error.
 */
export class ApiProtocolError extends LedgerscanError {
  readonly reason: BugReason | 'unknown' | 'unexpected-result';

  constructor(reason: BugReason | 'unknown' | 'unexpected-result', rawText: string, details: ErrorDetails = {}) {
    const text = rawText.length > RAW_TEXT_LIMIT ? `${rawText.slice(0, RAW_TEXT_LIMIT)}… (${rawText.length} chars)` : rawText;
    super(`unexpected API answer (${reason})`, {
      details: { ...details, answer: text, fix: PROTOCOL_FIXES[reason] },
      kind: 'api',
    });
    this.reason = reason;
  }
}

function formatDuration(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours === 0 ? `${minutes} min` : `${hours} h ${minutes % 60} min`;
}
