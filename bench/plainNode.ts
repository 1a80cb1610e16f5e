/**
 * A bench script run by plain `node`, as a user runs the built CLI, not through tsx: a worker thread inherits its
 * parent's `--import tsx` (execArgv), so under tsx every part's thread loads tsx too and every module either thread
 * imports goes through tsx's hooks on a loader thread of its own. At 1M entries valued that cost the store→CSV stage
 * 45–50 MB of peak RSS that no user pays, and CPU within the host's noise (docs/performance.md, sixth session).
 * The script and the bench modules it imports are transpiled into `bench.tmp/` beside `bench/` (so `../dist/`
 * still names the build), type-only imports dropped. By hand:
 *
 *   node --import tsx bench/plainNode.ts bench/csvStage.ts INPUT.json
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(benchDir, '..', 'bench.tmp');

/** `node`'s arguments for `script` (a `.ts` file in `bench/`) compiled to JavaScript, followed by `args`. */
export function plainNodeArgs(script: string, args: readonly string[]): string[] {
  fs.mkdirSync(outDir, { recursive: true });
  return [transpiled(path.basename(script), new Set()), ...args];
}

/** Writes `name`'s JavaScript and that of the bench modules it imports by value; returns its path. */
function transpiled(name: string, done: Set<string>): string {
  const target = path.join(outDir, name.replace(/\.ts$/, '.js'));
  if (done.has(name)) return target;
  done.add(name);
  const source = fs.readFileSync(path.join(benchDir, name), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  });
  for (const [, local] of outputText.matchAll(/from '\.\/([\w.]+)\.js'/g)) transpiled(`${local}.ts`, done);
  fs.writeFileSync(target, outputText);
  return target;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [script, ...args] = process.argv.slice(2);
  if (script === undefined) throw new Error('usage: plainNode.ts SCRIPT.ts [ARGS…]');
  const { status } = spawnSync(process.execPath, plainNodeArgs(script, args), { stdio: 'inherit' });
  process.exitCode = status ?? 1;
}
