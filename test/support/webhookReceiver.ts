import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER } from '../../src/alerts/webhookSignature.js';

export interface WebhookReceiver {
  url: string;
  /** Every delivery so far: the raw body and its signature header. */
  received: { body: string; signature: string }[];
  close(): Promise<void>;
}

/** A local webhook receiver on 127.0.0.1 that answers 204 and keeps what it got. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: WebhookReceiver['received'] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ body, signature: String(request.headers[SIGNATURE_HEADER]) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
