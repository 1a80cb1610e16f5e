import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread on the module `name` beside `base` (the caller's `import.meta.url`). The built code starts
 * the compiled module; the TypeScript sources (tests, bench, tsx) start it through tsx's loader, which a
 * worker thread does not inherit from its parent.
 */
export function startWorker(name: string, base: string, options: WorkerOptions): Worker {
  // tsx gives a module it loaded on a worker thread a `?tsx-namespace=…` query: the path alone tells the source.
  const fromSource = new URL(base).pathname.endsWith('.ts');
  const entry = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, base);
  if (!fromSource) return new Worker(entry, options);
  const boot = `import { tsImport } from ${JSON.stringify(tsxApi())}; await tsImport(${JSON.stringify(entry.href)}, import.meta.url);`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), options);
}

function tsxApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(manifest), (exports['./esm/api'] as { import: { default: string } }).import.default)).href;
}
