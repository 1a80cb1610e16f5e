import { TestEnvironment } from 'jest-environment-node';

/*
 * Jest's worker processes send each test file's results to the parent as JSON, raw errors included. An
 * error JSON cannot write (a bigint in a failed assertion on our amounts, a child-process error that refers
 * back to itself) killed the worker's message, so the run said "Do not know how to serialize a BigInt" or
 * "Converting circular structure to JSON" instead of which test failed and why. This environment runs in
 * the worker's own realm, not in the tests' context, so code under test sees JSON exactly as in production.
 */
if (!Object.prototype.hasOwnProperty.call(BigInt.prototype, 'toJSON')) {
  Object.defineProperty(BigInt.prototype, 'toJSON', {
    value() {
      return `${this.toString()}n`;
    },
  });
}

export default class LedgerscanEnvironment extends TestEnvironment {
  /**
   * Each test's errors as it ends (its result is sent at once), and everything again when all have run
   * (hook failures reach tests later): each error becomes one JSON can carry.
   */
  handleTestEvent(event, state) {
    if (event.name === 'test_done') event.test.errors = event.test.errors.map(sendable);
    if (event.name !== 'run_finish') return;
    state.unhandledErrors = state.unhandledErrors.map(sendable);
    const visit = (block) => {
      for (const child of block.children) {
        if (child.type === 'test') child.errors = child.errors.map(sendable);
        else visit(child);
      }
    };
    visit(state.rootDescribeBlock);
  }
}

/** Jest keeps an error either alone or as [error, asyncError]; only what cannot be written is replaced. */
function sendable(entry) {
  return Array.isArray(entry) ? entry.map(plainError) : plainError(entry);
}

/** The message, name and stack (all the failure report shows) of an error JSON cannot write. */
function plainError(error) {
  if (typeof error !== 'object' || error === null) return error;
  try {
    JSON.stringify(error);
    return error;
  } catch {
    const plain = new Error(String(error.message ?? error));
    plain.name = String(error.name ?? 'Error');
    if (typeof error.stack === 'string') plain.stack = error.stack;
    return plain;
  }
}
