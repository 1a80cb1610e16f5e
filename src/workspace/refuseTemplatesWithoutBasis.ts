import { InputError } from '../errors/LedgerscanError.js';
import { loadBuiltinTemplate } from '../templates/templateCatalog.js';

/**
 * Refuses, naming `costBasis`, the templates among `names` written from the cost-basis replay (journals of lots such
 * as `quickbooks-journal`, the tax forms) when the book has cost basis off: the run would fail only once it ran (the
 * export refuses them before its first request), so a run, a schedule or a book's change is refused when saved.
 * `where` says what holds them: "the run", "the export schedule".
 */
export function refuseTemplatesWithoutBasis(names: readonly string[], where: string): void {
  const needing = names.filter((name) => {
    const template = loadBuiltinTemplate(name);
    return template.layout === 'lots' || template.form !== null;
  });
  if (needing.length === 0) return;
  const [them, need] = needing.length === 1 ? ['it', 'needs'] : ['them', 'need'];
  throw new InputError(
    `costBasis: ${needing.join(', ')} ${need} cost basis, which the book has off (turn on the book's cost basis, or take ${them} out of ${where})`,
    { details: { field: 'costBasis' } },
  );
}
