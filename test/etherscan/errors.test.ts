import { describe, expect, it } from '@jest/globals';
import { LedgerscanError } from '../../src/errors/LedgerscanError.js';
import {
  ApiConfigurationError,
  ApiProtocolError,
  ApiUnavailableError,
  ApiUnsupportedError,
  ChainNotAvailableError,
  DailyLimitError,
  QueryTimeoutError,
} from '../../src/etherscan/errors.js';

describe('Etherscan errors', () => {
  it('DailyLimitError says when the quota resets', () => {
    const error = new DailyLimitError('Max daily limit reached', new Date('2026-03-01T21:29:30Z'), { request: 'account.txlist' });
    expect(error.shortMessage).toBe('daily API quota used up; it resets at 00:00 UTC, in 2 h 31 min');
    expect(error.resetsAt.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(error.kind).toBe('api');
    expect(error.message).toContain('api: Max daily limit reached');
    expect(new DailyLimitError('x', new Date('2026-12-31T23:59:50Z')).shortMessage).toContain('in 1 min');
  });

  it('ChainNotAvailableError is a configuration error that names its chain', () => {
    const error = new ChainNotAvailableError(56, 'Free API access is not supported for this chain.');
    expect(error).toBeInstanceOf(ApiConfigurationError);
    expect(error).toBeInstanceOf(LedgerscanError);
    expect(error.name).toBe('ChainNotAvailableError');
    expect(error.chainId).toBe(56);
    expect(error.reason).toBe('free-tier-chain');
    expect(error.kind).toBe('api');
    expect(error.message).toContain('chainid: 56');
  });

  it('maps each answer to the exit-code kind the CLI needs', () => {
    expect(new ApiConfigurationError('invalid-key', 'Invalid API Key').kind).toBe('api');
    expect(new ApiConfigurationError('invalid-address', 'Error! Invalid address format').kind).toBe('input');
    expect(new ApiUnavailableError(9, 'http', 'http: HTTP 502').kind).toBe('api');
    expect(new QueryTimeoutError('Query Timeout occured').kind).toBe('api');
    // An API answer is never an internal error: whatever the explorer says, the user's URL or plan is what to look at.
    expect(new ApiUnsupportedError('page-not-found', 'Page not found').kind).toBe('api');
    expect(new ApiUnsupportedError('unknown-action', 'Error! Missing Or invalid Action name').kind).toBe('api');
    expect(new ApiProtocolError('unknown', 'huh').kind).toBe('api');
    expect(new ApiProtocolError('unexpected-result', '{}').kind).toBe('api');
  });

  it('ApiUnsupportedError names the request, the answer and the fix', () => {
    const error = new ApiUnsupportedError('unknown-action', 'Unknown action', {
      request: 'account.balancehistory',
      baseUrl: 'https://explorer.example/api',
    });
    expect(error.shortMessage).toBe('the API does not serve account.balancehistory');
    expect(error.message).toContain('baseUrl: https://explorer.example/api');
    expect(error.message).toContain('answer: Unknown action');
    expect(error.message).toMatch(/fix: use an API that serves this action/);
  });

  it('ApiProtocolError keeps a truncated raw answer on one line', () => {
    const error = new ApiProtocolError('unknown', 'x'.repeat(1000));
    expect(error.message).toContain(`${'x'.repeat(300)}… (1000 chars)`);
    expect(error.message).not.toContain('x'.repeat(301));
  });
});
