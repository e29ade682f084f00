import { adminRealNameBody, api, userInfo } from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../container';
import { ok, okSchema } from '../http/envelope';
import { currentOperator, requireOperator } from '../http/request-context';

const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

export function memberAdminRoutes(container: Container): FastifyPluginAsyncZod {
  const { members } = container;
  return async (app) => {
    // Support operators answer the "my real name is wrong" requests the site sends to customer service.
    const staff = requireOperator(container, ['admin', 'support']);

    // Console: member detail, "correct real name" (with the reason the member gave).
    app.post(
      api.adminMemberRealName,
      {
        schema: { tags: ['admin'], params: idParams, body: adminRealNameBody, response: { 200: okSchema(userInfo) } },
        preHandler: staff,
      },
      async (request) =>
        ok(
          await members.correctRealName(currentOperator(request), request.ip, BigInt(request.params.id), request.body),
        ),
    );
  };
}
