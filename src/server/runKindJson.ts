import type { RunKind } from '../runs/RunKind.js';

/**
 * A run kind as `GET /api/run-kinds` shows it, so the pages' script builds a run request from the registry instead of
 * knowing each kind: whether the request takes a period and templates (a diff's come from its filed period), and its
 * options (the API's, not the command line's only) by property.
 */
export function runKindJson(kind: RunKind): Record<string, unknown> {
  const options = Object.entries(kind.options).filter(([, option]) => option.cliOnly !== true);
  return {
    name: kind.name,
    describe: kind.describe,
    period: kind.needs.period && kind.filedPeriod === undefined,
    templates: kind.needs.templates && kind.filedPeriod === undefined,
    options: Object.fromEntries(
      options.map(([name, option]) => [
        name,
        {
          type: option.type,
          describe: option.describe,
          required: option.required === true,
          ...(option.default === undefined ? {} : { default: option.default }),
        },
      ]),
    ),
  };
}
