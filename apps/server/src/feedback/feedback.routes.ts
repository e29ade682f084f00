import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { currentMember, requireMember } from '../http/request-context';

/** The member's feedback (fixed names: feedback, feedback/list, feedback/detail). */
export function feedbackRoutes(container: Container): FastifyPluginAsyncZod {
  const { member: feedback } = container.feedback;
  return async (app) => {
    const member = { tags: ['feedback'], preHandler: requireMember(container) };

    // Site: /user/feedback, sends the form (category, text, the uploaded images' URLs).
    route(app, 'feedbackCreate', member, async (request) =>
      ok(await feedback.create(currentMember(request).memberId, request.body, request.client.lang)),
    );

    // Site: /user/feedbackList, the member's feedback newest first with its status.
    route(app, 'feedbackList', member, async (request) =>
      ok(await feedback.list(currentMember(request).memberId, request.query, request.client.lang)),
    );

    // Site: /user/feedbackDetail?id=, one of the member's with the operator's reply.
    route(app, 'feedbackDetail', member, async (request) =>
      ok(await feedback.detail(currentMember(request).memberId, request.query.id, request.client.lang)),
    );
  };
}
