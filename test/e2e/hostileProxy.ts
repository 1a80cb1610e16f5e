import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the proxy answers a request instead of passing it on; every answer repeats the request URL, key included. */
export type HostileAnswer = 'echo502' | 'invalidKey' | 'dailyLimit' | 'notFound' | 'unknown';

export interface HostileProxy {
  /** `http://127.0.0.1:PORT/v2/api`. */
  url: string;
  /** Changeable between runs: one proxy serves a whole test file, so that requests still in flight after a run ended get answered. */
  answer: HostileAnswer;
  every: number;
  /** Requests answered by the proxy itself. */
  hostile: number;
  close(): Promise<void>;
}

/**
 * A server in front of the sandbox that behaves like a careless real one: every `every`-th request
 * (all when 1) gets `answer` with the API key and the full request URL in its body. The client's
 * messages, logs and errors are built from such bodies, so this is where a key would leak.
 */
export async function startHostileProxy(target: string, answer: HostileAnswer, every = 1): Promise<HostileProxy> {
  let seen = 0;
  const proxy: HostileProxy = { url: '', answer, every, hostile: 0, close: () => Promise.resolve() };
  const server = createServer((request, response) => {
    const echoed = request.url ?? '';
    // Bare and first, as a careless server would: a cut-off message must not lose the key before it is redacted.
    const key = new URL(echoed, 'http://proxy').searchParams.get('apikey') ?? '';
    if (++seen % proxy.every !== 0) {
      fetch(`${target}${echoed.slice(echoed.indexOf('?'))}`)
        .then(async (upstream) => {
          const body = await upstream.text();
          response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
          response.end(body);
        })
        .catch(() => request.socket.destroy());
      return;
    }
    proxy.hostile++;
    const json = (message: string, result: string): void => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: '0', message, result }));
    };
    switch (proxy.answer) {
      case 'echo502':
        response.writeHead(502, { 'content-type': 'text/html' });
        response.end(`<html><body><h1>502 Bad gateway</h1><p>upstream failed for key ${key} at ${echoed}</p></body></html>`);
        return;
      case 'invalidKey':
        return json('NOTOK', `Invalid API Key (#err2)|${key} ${echoed}`);
      case 'dailyLimit':
        return json('NOTOK', `Max daily rate limit reached. 100000 calls per day allowed for ${key} ${echoed}`);
      case 'notFound':
        response.writeHead(404, { 'content-type': 'text/html' });
        response.end(`<html><body>Page not found for key ${key}: ${echoed}</body></html>`);
        return;
      case 'unknown':
        return json('NOTOK', `Error! Something new went wrong with key ${key} at ${echoed}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/api`;
  proxy.close = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  return proxy;
}
