import { createHash } from 'node:crypto';
import pLimit from 'p-limit';
import type pg from 'pg';
import { InputError } from '../errors/LedgerscanError.js';
import { openPostgresPool, postgresFailure } from '../db/postgres/openPostgresPool.js';
import { redactDatabaseUrl } from '../secrets/redact.js';
import type { KeyLimiter } from './KeyLimiter.js';
import type { RateLimiter } from './RateLimiter.js';
import { sleep } from './sleep.js';

/**
 * GCRA in one statement: the key's slot is the later of its stored next slot and the database clock, the
 * stored next slot moves one interval past it, and the caller is told how long to sleep until its slot. The
 * row lock queues concurrent callers in order, so slots are handed out exactly 1/rate apart across every
 * process without polling. `clock_timestamp()` (not `now()`, which is the transaction's start) reads the one
 * clock all processes share; reading it before the row lock is waited for only makes the wait longer.
 */
const TAKE_SLOT = `WITH clock AS (SELECT clock_timestamp() AS now)
  INSERT INTO api_rate_limits AS l (key_id, next_slot) SELECT $1, clock.now + make_interval(secs => $2) FROM clock
  ON CONFLICT (key_id) DO UPDATE SET next_slot = GREATEST(l.next_slot, (SELECT now FROM clock)) + make_interval(secs => $2)
  RETURNING EXTRACT(EPOCH FROM (l.next_slot - make_interval(secs => $2) - (SELECT now FROM clock)))::float8 * 1000 AS wait_ms`;

/** The rows of a key and of its tighter endpoint limit, made if missing, so that booking both can lock both. */
const ENSURE_ROWS = `INSERT INTO api_rate_limits (key_id, next_slot) SELECT id, '-infinity' FROM unnest($1::text[]) AS id
  ON CONFLICT (key_id) DO NOTHING`;

/**
 * The in-process limiter's `reserve(also)` on the database: both rows locked in key order (no deadlock between
 * two callers), the slot free on both, booked on both, so a historical-balance or name-tag call keeps the key's
 * spacing and its endpoint's across every process.
 */
const TAKE_BOTH_SLOTS = `WITH locked AS (SELECT key_id, next_slot FROM api_rate_limits WHERE key_id IN ($1::text, $3::text) ORDER BY key_id FOR UPDATE),
  slot AS (SELECT GREATEST(clock_timestamp(), MAX(next_slot)) AS at FROM locked)
  UPDATE api_rate_limits l SET next_slot = slot.at + make_interval(secs => CASE WHEN l.key_id = $1 THEN $2::float8 ELSE $4::float8 END)
  FROM slot WHERE l.key_id IN ($1, $3)
  RETURNING EXTRACT(EPOCH FROM (slot.at - clock_timestamp()))::float8 * 1000 AS wait_ms`;

/**
 * Extra spacing as a fraction of 1/rate, as the in-process limiter keeps: sends reach the server with a few ms
 * of jitter (here also the database round trip), and sends spaced at exactly 1/rate could land N+1 in one
 * rolling second.
 */
const HEADROOM = 0.02;

/** Connections per process: the key's row lock lets one statement through at a time, so more would only wait there. */
const CONNECTIONS = 4;

/**
 * One API key's rate shared by every process on a PostgreSQL database (workers of the distributed mode):
 * W processes on one key never exceed its rate, and together reach it. The key itself is never stored: its
 * row is named by a SHA-256 of it.
 */
export class PostgresRateLimiter implements KeyLimiter {
  /**
   * Callers beyond the pool (a sync keeps rate × 0.5 s requests open: 64 at 400/s) wait here, not in the pool's
   * queue: there `connectionTimeoutMillis` runs while they wait, and on a loaded machine three workers' waits
   * passed it and failed runs with "timeout exceeded when trying to connect".
   */
  private readonly gate = pLimit(CONNECTIONS);

  private constructor(
    private readonly pool: pg.Pool,
    /** For messages: never the password. */
    private readonly database: string,
    private readonly keyId: string,
    private readonly intervalSeconds: number,
  ) {}

  /** Connects and brings the schema up to date (the limiter's table is one of its steps). */
  static async open(url: string, apiKey: string, rate: number): Promise<PostgresRateLimiter> {
    if (!Number.isFinite(rate) || rate <= 0) {
      throw new InputError(`invalid API rate ${rate}`, { details: { fix: 'give calls per second as a positive number, e.g. --rate 3' } });
    }
    const pool = await openPostgresPool(url, { max: CONNECTIONS });
    const keyId = `sha256:${createHash('sha256').update(apiKey).digest('hex')}`;
    return new PostgresRateLimiter(pool, redactDatabaseUrl(url), keyId, (1 + HEADROOM) / rate);
  }

  async acquire(signal?: AbortSignal, also?: RateLimiter): Promise<void> {
    signal?.throwIfAborted();
    let result: pg.QueryResult<{ wait_ms: number }>;
    try {
      if (also === undefined) {
        result = await this.gate(() => this.pool.query<{ wait_ms: number }>(TAKE_SLOT, [this.keyId, this.intervalSeconds]));
      } else {
        // The endpoint's limit (2/s for historical balances and name tags on every plan) is the key's too: shared.
        const endpoint = `${this.keyId}:endpoint:${also.rate}`;
        await this.gate(() => this.pool.query(ENSURE_ROWS, [[this.keyId, endpoint]]));
        result = await this.gate(() =>
          this.pool.query<{ wait_ms: number }>(TAKE_BOTH_SLOTS, [this.keyId, this.intervalSeconds, endpoint, (1 + HEADROOM) / also.rate]),
        );
      }
    } catch (error) {
      // The run stops as on any lost statement of its store; the worker queues it again.
      throw postgresFailure(this.database, error);
    }
    const wait = result.rows[0]?.wait_ms ?? 0;
    // An abort during the round trip: the slot stays used (conservative), the caller stops here.
    signal?.throwIfAborted();
    // Rounded up: timers fire on whole milliseconds and must never fire early.
    if (wait > 0) await sleep(Math.ceil(wait), signal);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
