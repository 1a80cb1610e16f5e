import { redact } from '../etherscan/redact.js';

/** Errors are redacted where they arise; this is the last guard before a message leaves the process. */
export function redactSecrets(text: string, argv: readonly string[], env: NodeJS.ProcessEnv): string {
  const flagIndex = argv.findIndex((arg) => arg === '--api-key');
  const inline = argv.find((arg) => arg.startsWith('--api-key='))?.slice('--api-key='.length);
  // Each `name:key:rate` item of ETHERSCAN_API_KEYS: every part but the name and the rate may be the key.
  const listed = (env.ETHERSCAN_API_KEYS ?? '').split(/[,\r\n]+/).flatMap((item) => item.split(':').slice(1, 2));
  const keys = [env.ETHERSCAN_API_KEY, flagIndex >= 0 ? argv[flagIndex + 1] : undefined, inline, ...listed];
  const out = keys.reduce<string>((result, key) => (key === undefined || key.trim() === '' ? result : redact(result, key.trim())), text);
  return databasePasswords(argv, env).reduce((result, password) => result.split(password).join('***'), out);
}

/** The password of a database URL given by `--database` or LEDGERSCAN_DATABASE_URL. */
function databasePasswords(argv: readonly string[], env: NodeJS.ProcessEnv): string[] {
  const index = argv.indexOf('--database');
  const urls = [env.LEDGERSCAN_DATABASE_URL, index >= 0 ? argv[index + 1] : undefined, argv.find((arg) => arg.startsWith('--database='))?.slice('--database='.length)];
  return urls.flatMap((url) => {
    try {
      const password = url === undefined ? '' : decodeURIComponent(new URL(url).password);
      return password === '' ? [] : [password];
    } catch {
      return [];
    }
  });
}
