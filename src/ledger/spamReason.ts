import type { ContextIndex } from './ContextIndex.js';
import type { Movement } from './Movement.js';
import type { TokenHistory } from './SentTokens.js';

/** A domain in a name or symbol ("claim-rewards.com", "www.x", "t.me/…"): the airdrop scam's call to action. */
const URL_LIKE =
  /(https?:\/\/|www\.|t\.me\/|[a-z0-9-]\.(com|org|net|io|xyz|app|finance|top|site|online|club|vip|info|co|me|fi|gift|cc|pro|link|live|lol|icu|to|us|network|claims?)\b)/i;
/** The words that turn a domain in a token's name into an instruction to the holder. */
const CALL_TO_ACTION = /\b(visit|claim|claims|claiming|reward|rewards|voucher|vouchers)\b/i;
/** What a spreadsheet reads as the start of a formula. */
const FORMULA_START = /^[=+\-@]/;
/** No real token moves half of the uint256 range: such amounts only fill a victim's list. */
const ABSURD_AMOUNT = 1n << 255n;

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
  if (movement.amountRaw >= ABSURD_AMOUNT) return 'absurd_amount';
  if (movement.direction === 'out' || walletSentTx) return '';
  // Poisoning dust is often a real token the wallet holds, so only where it comes from tells it apart.
  if (history.isLookalike(movement.wallet, movement.counterparty)) return 'address_poisoning';
  // A swap the wallet sent is solicited; so is a token the wallet has sent before, like a friend's payment.
  if (history.hasSent(movement.wallet, movement.assetContract)) return '';
  const { asset, tokenName } = movement;
  if (FORMULA_START.test(asset) || FORMULA_START.test(tokenName)) return 'formula_in_name';
  if (URL_LIKE.test(asset) || URL_LIKE.test(tokenName)) {
    return CALL_TO_ACTION.test(asset) || CALL_TO_ACTION.test(tokenName) ? 'call_to_action' : 'url_in_name';
  }
  return '';
}

function impersonatedSymbol(movement: Movement, index: ContextIndex): string | null {
  if (index.knownTokens === undefined) return null;
  const symbol = movement.asset.trim().toUpperCase();
  if (symbol === index.nativeSymbol) return symbol;
  const contracts = index.knownTokens.get(symbol);
  return contracts !== undefined && !contracts.includes(movement.assetContract) ? symbol : null;
}
