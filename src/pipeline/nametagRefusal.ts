import { ApiConfigurationError, ApiProtocolError } from '../etherscan/errors.js';

/**
 * Why an optional `nametag` action gave nothing, to be said once: the plan refuses it, the server does not
 * offer it ("Missing Or invalid Action name"), or answers in words or a shape we do not know — the refusal
 * texts of these plans are not documented, and labels are not worth stopping an export for. A bad key, the
 * daily limit or an unreachable API are not refusals of this action and stop the run as anywhere else.
 */
export function nametagRefusal(error: unknown): string {
  if (error instanceof ApiConfigurationError && error.reason === 'pro-endpoint') return error.shortMessage;
  if (error instanceof ApiProtocolError) {
    const what = error.reason === 'invalid-action' ? 'the API does not offer this action' : `unexpected answer (${error.reason})`;
    return `${what}: ${String(error.details['answer'] ?? error.details['expected'] ?? '')}`;
  }
  throw error;
}
