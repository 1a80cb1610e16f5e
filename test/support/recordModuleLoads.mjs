// `node --import` this file (after tsx): every module the process resolves, one URL a line, appended to the file
// LEDGERSCAN_LOADS_FILE names; so a test can tell what a command line loaded without timing it.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { env } from 'node:process';
import { isMainThread } from 'node:worker_threads';

// The same file serves as the hooks module, which Node loads on a thread of its own.
if (isMainThread) register(import.meta.url);

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  const file = env.LEDGERSCAN_LOADS_FILE;
  if (file !== undefined) appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}
