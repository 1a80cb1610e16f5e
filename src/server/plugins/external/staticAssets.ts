import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import path from 'node:path';
import { packageRoot } from '../../../packageRoot.js';

/** The pages' own CSS and script under `/assets/`: no index, no listing. */
export const staticAssets = fp(
  async (app) => {
    await app.register(fastifyStatic, { root: path.join(packageRoot(), 'web'), prefix: '/assets/', index: false, list: false });
  },
  { name: 'static-assets' },
);
