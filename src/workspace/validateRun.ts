import { InputError } from '../errors/LedgerscanError.js';
import { defaultFiledDir } from '../filing/FiledRecord.js';
import { jobForms } from '../pipeline/jobTemplates.js';
import { API_SURFACE, optionValues } from '../runs/optionValues.js';
import type { RunRequest } from '../runs/RunRequest.js';
import type { RunKindName } from '../runs/runKinds.js';
import { runKind, SCHEDULED_KIND_NAMES } from '../runs/runKinds.js';
import { validateRunRequest } from '../runs/validateRunRequest.js';
import { apiPlace } from './apiPlace.js';
import type { BookPlaces } from './BookPlaces.js';
import type { ApiAccess } from './jobForRun.js';
import { jobForRun } from './jobForRun.js';
import { problemField } from './problemField.js';
import { refuseTemplatesWithoutBasis } from './refuseTemplatesWithoutBasis.js';
import { checkCron } from './Scheduler.js';
import { withField } from './withField.js';
import type { Book, BookRule, Schedule } from './WorkspaceData.js';

/** What a request is checked against besides its book: where the book's state lives, the API, the clock. */
export interface RunChecks {
  stores: BookPlaces;
  api: ApiAccess;
  now: () => Date;
}

/** A schedule's fields are named by its place in the list: `schedules[0].templates`. */
function withPrefix<T>(prefix: string, validate: () => T): T {
  try {
    return validate();
  } catch (cause) {
    const field = cause instanceof InputError ? cause.details.field : undefined;
    if (prefix === '' || field === undefined) throw cause;
    throw new InputError(cause instanceof InputError ? cause.shortMessage : '', {
      details: { ...(cause as InputError).details, field: `${prefix}${field}` },
      cause,
    });
  }
}

/**
 * Validates the request as the CLI validates a job (every problem at once) plus its kind's preconditions (a period
 * closed already or not over, an instant to come): what the pipeline would refuse only after syncing is refused
 * here, before anything runs. `field` prefixes the fields named (a schedule's place in the list). The request's shape
 * was checked by the route's schema or `validateRunRequest`.
 */
export function validateRun(checks: RunChecks, book: Book, rules: readonly BookRule[], request: RunRequest, field = ''): RunRequest {
  const kind = runKind(request.kind);
  const state = checks.stores.stateFile(book.id);
  const filedDir = defaultFiledDir(state);
  const job = withField(
    (message) => `${field}${problemField(message, ['period', 'templates']) ?? 'run'}`,
    () =>
      jobForRun({
        book: book.data,
        rules,
        request,
        api: checks.api,
        state,
        out: '.',
        jobFile: 'job.json',
        now: checks.now(),
        write: false,
        filedDir,
      }),
  );
  withPrefix(field, () => kind.preconditions?.(job, optionValues(kind, request, API_SURFACE), apiPlace(checks.now(), filedDir)));
  const where = field === '' ? 'the run' : `the ${kind.name} schedule`;
  if (job.costBasis === undefined) refuseTemplatesWithoutBasis(job.templates, where);
  // A form's own needs (a method, a profile, a currency), which the export would refuse only once the run started.
  try {
    jobForms(job);
  } catch (cause) {
    if (!(cause instanceof InputError)) throw cause;
    throw new InputError(`${cause.shortMessage}: change the book's costBasis or valuation, or take it out of ${where}`, {
      details: { field: `${field}templates` },
      cause,
    });
  }
  return request;
}

/**
 * Each stored schedule's run validated again against the book as a change would leave it (`validateRun`, as
 * `validateSchedules` validated it when saved): a change that would make a schedule fail when it fires (cost basis off
 * under a journal of lots, a profile or currency a form cannot take, …) is refused now, naming the schedule, rather
 * than found by a failed run at night.
 */
export function refuseBrokenSchedules(checks: RunChecks, book: Book, rules: readonly BookRule[], schedules: readonly Schedule[]): void {
  for (const schedule of schedules) {
    const request: RunRequest = {
      kind: schedule.kind,
      ...(runKind(schedule.kind).needs.templates ? { templates: [...schedule.templates] } : {}),
    };
    try {
      validateRun(checks, book, rules, request, 'schedules.');
    } catch (cause) {
      if (!(cause instanceof InputError)) throw cause;
      const where = `the ${schedule.kind} schedule`;
      if (cause.shortMessage.includes(where)) throw cause;
      throw new InputError(`${where} would fail after this change: ${cause.shortMessage} (change or remove the schedule first)`, {
        details: { field: 'schedules' },
        cause,
      });
    }
  }
}

/** Each schedule validated exactly as the run it will queue (`validateRun`), plus its cron and zone; one per kind. */
export function validateSchedules(checks: RunChecks, book: Book, rules: readonly BookRule[], input: readonly unknown[]): Schedule[] {
  const kinds = new Set<string>();
  return input.map((item: unknown, index): Schedule => {
    const field = `schedules[${index}]`;
    const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (!SCHEDULED_KIND_NAMES.some((name) => name === entry.kind))
      throw new InputError(
        `${field}.kind must be one of ${SCHEDULED_KIND_NAMES.join(', ')} (diffs of closed periods follow each scheduled reconcile)`,
        { details: { field: `${field}.kind` } },
      );
    const { kind, cron, zone, ...rest } = entry;
    if (kinds.has(String(kind)))
      throw new InputError(`${field}.kind ${String(kind)} is scheduled twice (one schedule per kind)`, {
        details: { field: `${field}.kind` },
      });
    kinds.add(String(kind));
    if (zone !== undefined && zone !== 'UTC' && zone !== 'book')
      throw new InputError(`${field}.zone must be "UTC" or "book"`, { details: { field: `${field}.zone` } });
    if (runKind(kind as RunKindName).needs.templates && !(Array.isArray(rest.templates) && rest.templates.length > 0)) {
      throw new InputError(`${field}.templates must name at least one template for an ${String(kind)}`, {
        details: { field: `${field}.templates` },
      });
    }
    // No route schema checked the schedule's run: its shape is checked here, as the scheduler checks what it stored.
    const asked = withPrefix(`${field}.`, () => validateRunRequest({ kind, ...rest }));
    const request = validateRun(checks, book, rules, asked, `${field}.`);
    return {
      kind: request.kind,
      cron: checkCron(cron, `${field}.cron`),
      zone: zone === 'book' ? 'book' : 'UTC',
      templates: request.templates ?? [],
      lastFiredAt: checks.now().toISOString(),
    };
  });
}
