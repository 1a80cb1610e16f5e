import fp from 'fastify-plugin';
import type { Workspace } from '../../../workspace/Workspace.js';

declare module 'fastify' {
  interface FastifyInstance {
    workspace: Workspace;
  }
}

/** The workspace (books, runs, queue, users, shares) every route reads and changes through. */
export const workspacePlugin = fp<{ workspace: Workspace }>(
  async (app, options) => {
    app.decorate('workspace', options.workspace);
  },
  { name: 'workspace' },
);
