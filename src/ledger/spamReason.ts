import type { ContextIndex } from './ContextIndex.js';
import type { Movement } from './Movement.js';
import type { TokenHistory } from './SentTokens.js';

/** A domain in a name or symbol ("claim-rewards.com", "www.x", "t.me/…"): the airdrop scam's call to action. */
const URL_LIKE = /(https?:\/\/|www\.|t\.me\/|[a-z0-9-]\.(com|org|net|io|xyz|app|finance|top|site|online|club|vip|info|co|me|fi|gift|cc|pro|link|live|lol|icu|to|us|network|claims?)\b)/i;

/**
 * Why a token movement looks like spam, or '' when it does not. Spam is only flagged, never dropped:
 * it still moved (or claims to have moved) on chain, and hiding it would break reconciliation.
 */
export function spamReason(movement: Movement, index: ContextIndex, history: TokenHistory, walletSentTx: boolean): string {
  if (movement.assetContract === '') return '';
  if (index.deny.has(movement.assetContract)) return 'deny_list';
  if (index.allow.has(movement.assetContract)) return '';
  const impersonated = impersonatedSymbol(movement, index);
  if (impersonated !== null) return `impersonates_${impersonated}`;
  // A swap the wallet sent is solicited; so is a token the wallet has sent before, like a friend's payment.
  const unsolicited = movement.direction === 'in' && !walletSentTx && !history.hasSent(movement.wallet, movement.assetContract);
  if (unsolicited && (URL_LIKE.test(movement.asset) || URL_LIKE.test(movement.tokenName))) return 'url_in_name';
  return '';
}

function impersonatedSymbol(movement: Movement, index: ContextIndex): string | null {
  if (index.knownTokens === undefined) return null;
  const symbol = movement.asset.trim().toUpperCase();
  if (symbol === index.nativeSymbol) return symbol;
  const contracts = index.knownTokens.get(symbol);
  return contracts !== undefined && !contracts.includes(movement.assetContract) ? symbol : null;
}
