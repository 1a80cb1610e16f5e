import type { FastifyReply } from 'fastify';
import type { Html } from '../../html.js';

/** A server-rendered page, never cached. */
export const sendPage = (reply: FastifyReply, page: Html): FastifyReply =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page.text);
