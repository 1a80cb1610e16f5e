import { TestEnvironment } from 'jest-environment-node';

/*
 * Jest's worker processes send test results to the parent as JSON. A failing assertion on bigints (our
 * amounts) carries them in its result, and JSON.stringify throws on a bigint, so the worker died with
 * "Do not know how to serialize a BigInt" instead of showing the failure. This module runs in the worker's
 * own realm, not in the tests' context, so only that message passing learns to write bigints: code under
 * test still gets the TypeError from JSON.stringify.
 */
if (!Object.prototype.hasOwnProperty.call(BigInt.prototype, 'toJSON')) {
  Object.defineProperty(BigInt.prototype, 'toJSON', {
    value() {
      return `${this.toString()}n`;
    },
  });
}

export default TestEnvironment;
