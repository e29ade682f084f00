import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { operatorActor, requireOperator } from '../http/request-context';
import { FEEDBACK_DESK } from './feedback-admin.service';

/** Operators' feedback desk (the service checks the role again). */
export function feedbackAdminRoutes(container: Container): FastifyPluginAsyncZod {
  const { admin } = container.feedback;
  return async (app) => {
    const desk = { tags: ['admin'], preHandler: requireOperator(container, FEEDBACK_DESK) };

    // Console: feedback by status, category, member and day, newest first.
    route(app, 'adminFeedback', desk, async (request) => ok(await admin.list(operatorActor(request), request.query)));

    // Console: answers (or corrects the answer to) a feedback; the member is told in the inbox.
    route(app, 'adminFeedbackReply', desk, async (request) =>
      ok(await admin.reply(operatorActor(request), request.params.id, request.body.content)),
    );

    // Console: closes a feedback; it takes no more replies.
    route(app, 'adminFeedbackClose', desk, async (request) =>
      ok(await admin.close(operatorActor(request), request.params.id)),
    );
  };
}
