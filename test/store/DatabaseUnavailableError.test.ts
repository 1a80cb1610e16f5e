import { describe, expect, it } from '@jest/globals';
import { describeError, exitCodeFor } from '../../src/errors/exitCode.js';
import { DatabaseUnavailableError, isConnectionLoss } from '../../src/db/postgres/DatabaseUnavailableError.js';
import { redactDatabaseUrl } from '../../src/secrets/redact.js';

describe('DatabaseUnavailableError', () => {
  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection due to crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['08006', 'connection failure'],
    ['08001', 'could not connect'],
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'],
    ['ECONNRESET', 'read ECONNRESET'],
    ['EPIPE', 'write EPIPE'],
    ['', 'Connection terminated unexpectedly'],
    ['', 'Client has encountered a connection error and is not queryable'],
    ['', 'the server closed the connection of this read'],
  ])('counts %s "%s" as the session lost', (code, message) => {
    expect(isConnectionLoss({ code, message })).toBe(true);
  });

  it.each([
    ['23505', 'duplicate key value violates unique constraint "records_pkey"'],
    ['42P01', 'relation "records" does not exist'],
    ['57014', 'canceling statement due to statement timeout'],
    ['', 'integer 9007199254740993 is outside the safe range'],
  ])('counts %s "%s" as a refused statement, not a lost session', (code, message) => {
    expect(isConnectionLoss({ code, message })).toBe(false);
  });

  it('is a service failure: exit 3 with one line that never shows the database password', () => {
    const error = new DatabaseUnavailableError(redactDatabaseUrl('postgres://ledger:hunter2@db.internal:5432/books'), {
      code: '57P01',
      message: 'terminating connection due to administrator command',
    });
    expect(error.kind).toBe('service');
    expect(exitCodeFor(error)).toBe(3);
    const line = describeError(error);
    expect(line).toBe(
      'ledgerscan: the database connection was lost (database: postgres://ledger:***@db.internal:5432/books; error: terminating connection due to administrator command; code: 57P01; fix: run it again once the database is back; committed pages are kept)',
    );
    expect(line).not.toContain('hunter2');
  });
});
