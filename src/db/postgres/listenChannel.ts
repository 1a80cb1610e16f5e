import pg from 'pg';
import { postgresConfig } from './postgresConfig.js';

/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 1000;
/**
 * A round trip on the listening connection not back within this is taken as the connection lost (a peer gone
 * without a word, which TCP would notice only after minutes): the caller's check reads the database instead.
 */
const ROUND_TRIP_MS = 2000;

/** The `application_name` of the connection that listens on `channel`. */
export const listenerName = (channel: string): string => `ledgerscan listening on ${channel}`;

/** A channel being listened to; `caughtUp` is what a cache that trusts the announcements asks before each answer. */
export interface Listening {
  /**
   * Resolves true once a round trip on the listening connection, begun after this call, has come back: PostgreSQL
   * sends a listener the notifications committed so far before it reports a command done, so by then every one
   * committed before the call has been handed to `onPayload`. False when the connection is away or the round trip
   * failed (it is then taken as lost). Callers that arrive while a round trip is out share the next one.
   */
  caughtUp(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * LISTENs on `channel` on a connection of its own (a pool's connections come and go; a listener must stay) and
 * hands each notification's payload to `onPayload`. A lost connection is opened again. Whenever the LISTEN
 * takes effect (at first, and after each reconnection) `onGap` tells the listener to read what it watches
 * once: what changed before was not announced to it. `onLoss` says the connection is gone (or could not be opened):
 * until the next `onGap` nothing is announced, so nothing may be taken as unchanged.
 */
export function listenChannel(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onGap: () => void,
  onLoss: () => void = () => undefined,
): Listening {
  let closed = false;
  let client: pg.Client | undefined;
  /** The client once its LISTEN has taken effect, and how to give it up as lost, until it is lost. */
  let listening: { client: pg.Client; lose: () => void } | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** The round trip on the wire, and the one its latecomers wait for (sent when the first is back). */
  let out: Promise<boolean> | undefined;
  let next: Promise<boolean> | undefined;
  const connect = async (): Promise<void> => {
    // Keep-alive probes: a peer gone without a word (a lost machine, a cut network) still ends the connection.
    // Named, so an operator (or a test) tells it apart in pg_stat_activity.
    const fresh = new pg.Client({ ...postgresConfig(url), keepAlive: true, application_name: listenerName(channel) });
    client = fresh;
    const retry = (): void => {
      if (closed || client !== fresh) return;
      client = undefined;
      listening = undefined;
      onLoss();
      void fresh.end().catch(() => undefined);
      timer = setTimeout(() => void connect(), RECONNECT_MS);
    };
    fresh.on('error', retry);
    fresh.on('end', retry);
    fresh.on('notification', (message) => onPayload(message.payload ?? ''));
    try {
      await fresh.connect();
      await fresh.query(`LISTEN ${channel}`);
      listening = { client: fresh, lose: retry };
      // Changes made before the LISTEN took effect (at first, or while the connection was away) were not announced.
      onGap();
    } catch {
      retry();
    }
  };
  const roundTrip = (): Promise<boolean> => {
    const on = listening;
    if (on === undefined) return Promise.resolve(false);
    let expiry: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      expiry = setTimeout(() => {
        // Every later query would queue behind this one: the connection is given up and opened afresh.
        if (listening === on) on.lose();
        resolve(false);
      }, ROUND_TRIP_MS);
    });
    const trip = Promise.race([
      on.client.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      late,
    ]);
    void trip.then(() => {
      clearTimeout(expiry);
      if (out === trip) out = undefined;
    });
    return trip;
  };
  void connect();
  return {
    caughtUp() {
      if (out === undefined) return (out = roundTrip());
      next ??= out.then(() => {
        next = undefined;
        return (out = roundTrip());
      });
      return next;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
