import { redact } from '../etherscan/redact.js';

/** Errors are redacted where they arise; this is the last guard before a message leaves the process. */
export function redactSecrets(text: string, argv: readonly string[], env: NodeJS.ProcessEnv): string {
  const flagIndex = argv.findIndex((arg) => arg === '--api-key');
  const inline = argv.find((arg) => arg.startsWith('--api-key='))?.slice('--api-key='.length);
  const keys = [env.ETHERSCAN_API_KEY, flagIndex >= 0 ? argv[flagIndex + 1] : undefined, inline];
  return keys.reduce<string>((out, key) => (key === undefined || key === '' ? out : redact(out, key)), text);
}
