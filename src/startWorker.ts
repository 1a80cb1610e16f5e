import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packageRoot } from './packageRoot.js';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread on the module `name` beside `base` (the caller's `import.meta.url`). The built code starts
 * the compiled module; the TypeScript sources (tests, bench, tsx) start it through tsx's loader, which a
 * worker thread does not inherit from its parent. A test seam: when the test run found the build fresh
 * (`LEDGERSCAN_FRESH_BUILD`, jest.config.js), a thread of the sources starts the same module compiled, as tsx's
 * loader costs each thread seconds on a busy machine; unless it imports modules its caller names (`callerModules`),
 * which are sources then.
 */
export function startWorker(name: string, base: string, options: WorkerOptions, callerModules = false): Worker {
  // tsx gives a module it loaded on a worker thread a `?tsx-namespace=…` query: the path alone tells the source.
  const fromSource = new URL(base).pathname.endsWith('.ts');
  const entry = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, base);
  if (!fromSource) return new Worker(entry, options);
  if (process.env.LEDGERSCAN_FRESH_BUILD === '1' && !callerModules) return new Worker(builtTwin(entry), options);
  const boot = `import { tsImport } from ${JSON.stringify(tsxApi())}; await tsImport(${JSON.stringify(entry.href)}, import.meta.url);`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), options);
}

function tsxApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(manifest), (exports['./esm/api'] as { import: { default: string } }).import.default)).href;
}

/** The compiled module of a source module: src/…/x.ts → dist/…/x.js. */
function builtTwin(source: URL): URL {
  const relative = path.relative(path.join(packageRoot(), 'src'), fileURLToPath(source));
  return pathToFileURL(path.join(packageRoot(), 'dist', relative.replace(/\.ts$/, '.js')));
}
