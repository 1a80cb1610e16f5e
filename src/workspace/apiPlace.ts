import type { RunPlace } from '../runs/RunKind.js';
import { withField } from './withField.js';

/** Where the API asks for a run: options named by request field, input errors naming it. */
export function apiPlace(now: Date, filedDir: string): RunPlace {
  return {
    now,
    filedDir,
    name: (option) => option,
    suggest: (kind, option, value) => `a ${kind} run with ${option} ${value}`,
    within: (option, check) => withField(option, check),
  };
}
