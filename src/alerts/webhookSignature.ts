import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a webhook receiver checks: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = 'x-ledgerscan-signature';

/** Signing the time with the body lets a receiver refuse a replayed old delivery. */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmac(secret, unixSeconds, body)}`;
}

/** For receivers (and our tests): true when the header signs this body with this secret within `toleranceS` of `nowS`. */
export function verifyWebhook(secret: string, body: string, header: string, nowS: number, toleranceS = 300): boolean {
  const fields = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(fields.get('t'));
  const given = fields.get('v1') ?? '';
  if (!Number.isSafeInteger(t) || Math.abs(nowS - t) > toleranceS || !/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(hmac(secret, t, body), 'hex'));
}

function hmac(secret: string, unixSeconds: number, body: string): string {
  return createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
}
