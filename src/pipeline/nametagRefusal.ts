import { featureRefusal } from '../etherscan/OptionalFeatures.js';

/**
 * Why an optional `nametag` action gave nothing, to be said once: the plan refuses it, the server does not
 * offer it ("Missing Or invalid Action name"), or answers in words or a shape we do not know — the refusal
 * texts of these plans are not documented, and labels are not worth stopping an export for. A bad key, the
 * daily limit or an unreachable API are not refusals of this action and stop the run as anywhere else.
 */
export function nametagRefusal(error: unknown): string {
  const refusal = featureRefusal(error);
  if (refusal === undefined) throw error;
  return refusal;
}
