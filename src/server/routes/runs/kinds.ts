import type { FastifyInstance } from 'fastify';
import { RUN_KINDS } from '../../../runs/runKinds.js';
import { runKindJson } from '../../runKindJson.js';
import { noQuery, responses } from '../../schemas/common.js';
import { runKindsResponse } from '../../schemas/runKinds.js';

/** `GET /api/run-kinds`: the registry's kinds and what a request of each takes, for app.js's run forms. */
export async function runKindRoutes(app: FastifyInstance): Promise<void> {
  const kinds = RUN_KINDS.map(runKindJson);
  app.get(
    '/api/run-kinds',
    { config: { access: 'user', book: 'none' }, schema: { querystring: noQuery, response: responses({ 200: runKindsResponse }) } },
    () => Promise.resolve(kinds),
  );
}
