import fs from 'node:fs';
import path from 'node:path';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import { packageRoot } from '../packageRoot.js';

/** The databases with numbered schema steps, a folder of `migrations/` each (see migrations/README.md). */
export type MigrationEngine = 'store' | 'workspace' | 'postgres';

/** `NNNN-name.sql`: the number is the version the step brings the database to. */
const STEP_FILE = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.sql$/;

const stepsByEngine = new Map<MigrationEngine, readonly string[]>();

/**
 * The numbered steps of one database, read once per process from `migrations/<engine>/` at the package root (found
 * from src/ and from the build's dist/ alike): element N-1 is step N, which brings the recorded version from N-1 to N.
 */
export function migrationSteps(engine: MigrationEngine): readonly string[] {
  let steps = stepsByEngine.get(engine);
  if (steps === undefined) {
    steps = readStepFolder(path.join(packageRoot(), 'migrations', engine));
    stepsByEngine.set(engine, steps);
  }
  return steps;
}

/**
 * A folder's steps in version order, each file's text as it is. A file not named as a step, a missing number or a
 * number used twice is refused before any step runs: running the steps around it would build a schema no release had.
 */
export function readStepFolder(folder: string): readonly string[] {
  let names: string[];
  try {
    names = fs.readdirSync(folder).sort();
  } catch (cause) {
    throw new LedgerscanError('cannot read the migration steps', { details: { folder }, cause });
  }
  const steps: string[] = [];
  for (const name of names) {
    const version = Number(STEP_FILE.exec(name)?.[1] ?? Number.NaN);
    const expected = steps.length + 1;
    if (Number.isNaN(version)) {
      throw new LedgerscanError('a file among the migration steps is not named NNNN-name.sql', { details: { folder, file: name } });
    }
    if (version !== expected) {
      const problem = version > 0 && version < expected ? 'two migration steps have the same number' : 'a migration step is missing';
      throw new LedgerscanError(problem, { details: { folder, file: name, expected: String(expected).padStart(4, '0') } });
    }
    steps.push(fs.readFileSync(path.join(folder, name), 'utf8'));
  }
  if (steps.length === 0) throw new LedgerscanError('the migration folder holds no step', { details: { folder } });
  return steps;
}
