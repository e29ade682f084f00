import { api, depositOrder, idBody, outboxItem, outboxQuery, walletApi } from '@jinb/contract';
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../container';
import { ok, okSchema } from '../http/envelope';
import { currentMember, requireMember } from '../http/request-context';
import { signGatewayCallback } from '../wallet/deposit.service';

/**
 * Demo-mode helpers for scripts and tests. Registered only in demo mode, so in production these paths are 404.
 */
export function devRoutes(container: Container): FastifyPluginAsyncZod {
  return async (app) => {
    // Scripts and e2e tests: the latest SMS/e-mail codes sent to a phone (+86138...) or e-mail address.
    app.get(
      api.devOutbox,
      { schema: { tags: ['dev'], querystring: outboxQuery, response: { 200: okSchema(z.array(outboxItem)) } } },
      async (request) => {
        const to = request.query.to.trim();
        // Accept a bare national number too: try it as given, then with the default +86.
        const direct = await container.admin.outbox(to.startsWith('+') || to.includes('@') ? to : `+${to}`);
        return ok(
          direct.length || to.startsWith('+') || to.includes('@') ? direct : await container.admin.outbox(`+86${to}`),
        );
      },
    );
  };
}
