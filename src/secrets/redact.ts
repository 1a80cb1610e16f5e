/**
 * Every secret's way out of a text bound for a message, a log line, an error or a file: API keys and
 * database passwords. A short secret is masked only where it stands whole, never inside a word (a one-letter
 * key must not turn "Unexpected token" into "Unexpected to***en"); one of 8 characters or more wherever it stands.
 */

/** Letters and digits: a secret touching one of these on either side is part of a longer word. */
const WORD = 'A-Za-z0-9';

/** A secret this long is no word's part by chance: glued to other text it is still the secret, and masked. */
const ALWAYS_MASKED = 8;

/** `text` with every whole-token occurrence of `secret` (any occurrence of a long one) replaced by `***`. */
function maskToken(text: string, secret: string): string {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (secret.length >= ALWAYS_MASKED) return text.replace(new RegExp(escaped, 'g'), '***');
  return text.replace(new RegExp(`(?<![${WORD}])${escaped}(?![${WORD}])`, 'g'), '***');
}

/**
 * Removes an API key: the `apikey=` query value (whatever key it holds) and every whole occurrence of
 * the key itself, raw or URL-encoded, because servers and fetch errors echo URLs and bodies back.
 */
export function redact(text: string, apiKey?: string): string {
  let out = text.replace(/(apikey=)[^&\s"'<>#]*/gi, '$1***');
  if (apiKey !== undefined && apiKey !== '') {
    for (const form of new Set([apiKey, encodeURIComponent(apiKey)])) out = maskToken(out, form);
  }
  return out;
}

/**
 * `text` with every whole occurrence of each secret masked, and the head of one cut short with "…" (how a
 * long value is quoted in a one-line problem): a secret a user pasted into the wrong field.
 */
export function redactValues(text: string, secrets: readonly string[]): string {
  return secrets.reduce((safe, secret) => {
    let out = maskToken(safe, secret);
    // A cut head ends in "…" where no word goes on: masked wherever it stands, as long as it is more than a few letters.
    for (let length = secret.length - 1; length >= 4; length -= 1) out = out.split(`${secret.slice(0, length)}…`).join('***…');
    return out;
  }, text);
}

/** A database URL fit for a message: its password, if it carries one, replaced by `***`. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/:[^:@/]*@/, ':***@');
  }
}

/**
 * The last guard before a message leaves the process (errors are redacted where they arise): the API
 * key(s) of the flag, ETHERSCAN_API_KEY, ETHERSCAN_API_KEYS and COINGECKO_API_KEY, and the password of `--database` or
 * LEDGERSCAN_DATABASE_URL.
 */
export function redactSecrets(text: string, argv: readonly string[], env: NodeJS.ProcessEnv): string {
  const keys = [env.ETHERSCAN_API_KEY, env.COINGECKO_API_KEY, flagValue(argv, '--api-key'), ...listedKeys(env.ETHERSCAN_API_KEYS)];
  const out = keys.reduce<string>((result, key) => (key === undefined || key.trim() === '' ? result : redact(result, key.trim())), text);
  return databasePasswords([env.LEDGERSCAN_DATABASE_URL, flagValue(argv, '--database')]).reduce(maskToken, out);
}

/** `--flag value` or `--flag=value`. */
function flagValue(argv: readonly string[], flag: string): string | undefined {
  const index = argv.indexOf(flag);
  if (index >= 0) return argv[index + 1];
  return argv.find((arg) => arg.startsWith(`${flag}=`))?.slice(flag.length + 1);
}

/** Each `name:key:rate` item of ETHERSCAN_API_KEYS: the part after the name may be the key. */
function listedKeys(list: string | undefined): string[] {
  return (list ?? '').split(/[,\r\n]+/).flatMap((item) => item.split(':').slice(1, 2));
}

function databasePasswords(urls: readonly (string | undefined)[]): string[] {
  return urls.flatMap((url) => {
    try {
      const password = url === undefined ? '' : decodeURIComponent(new URL(url).password);
      return password === '' ? [] : [password];
    } catch {
      return [];
    }
  });
}
