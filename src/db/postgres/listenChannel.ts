import pg from 'pg';
import { postgresConfig } from './postgresConfig.js';

/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 1000;

/**
 * LISTENs on `channel` on a connection of its own (a pool's connections come and go; a listener must stay) and
 * hands each notification's payload to `onPayload`. A lost connection is opened again. Whenever the LISTEN
 * takes effect (at first, and after each reconnection) `onGap` tells the listener to read what it watches
 * once: what changed before was not announced to it. `onLoss` says the connection is gone (or could not be opened):
 * until the next `onGap` nothing is announced, so nothing may be taken as unchanged.
 */
export function listenChannel(url: string, channel: string, onPayload: (payload: string) => void, onGap: () => void, onLoss: () => void = () => undefined): { close(): Promise<void> } {
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    // Keep-alive probes: a peer gone without a word (a lost machine, a cut network) still ends the connection.
    const fresh = new pg.Client({ ...postgresConfig(url), keepAlive: true });
    client = fresh;
    const retry = (): void => {
      if (closed || client !== fresh) return;
      client = undefined;
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
      // Changes made before the LISTEN took effect (at first, or while the connection was away) were not announced.
      onGap();
    } catch {
      retry();
    }
  };
  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
