import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { currentMember, loadMember, requireMember } from '../http/request-context';
import { requireStepUp } from '../security/step-up.guard';

export function memberRoutes(container: Container): FastifyPluginAsyncZod {
  const { members } = container;
  return async (app) => {
    const member = requireMember(container);
    // The phone and the e-mail receive the codes that reset passwords: moving them needs a step-up (issue 25).
    const steppedUp = [member, requireStepUp(container)];

    // Site: user info on 我的, personal info pages and after login (refreshed at most every 30 s).
    route(app, 'token', { tags: ['member'], preHandler: member }, async (request) =>
      ok(await members.info(currentMember(request))),
    );

    // Site: balance on home and 我的.
    route(app, 'balance', { tags: ['member'], preHandler: member }, async (request) =>
      ok(await members.balance(currentMember(request))),
    );

    // Site: /personalInfo/name and the avatar on /personalInfo.
    route(app, 'updateProfile', { tags: ['member'], preHandler: member }, async (request) =>
      ok(await members.updateProfile(currentMember(request), request.body)),
    );

    // Site: /personalInfo/phone: a code to the new phone (type bind), after a step-up.
    route(app, 'bindPhone', { tags: ['member'], preHandler: steppedUp }, async (request) =>
      ok(await members.bindPhone(currentMember(request), request.body, request.client.lang)),
    );

    // Site: /personalInfo/mail, the "get code" button.
    route(app, 'emailCode', { tags: ['member'], preHandler: member }, async (request) =>
      ok(await members.sendEmailCode(request.client, request.body)),
    );

    // Site: /personalInfo/mail, submit, after a step-up.
    route(app, 'bindEmail', { tags: ['member'], preHandler: steppedUp }, async (request) =>
      ok(await members.bindEmail(currentMember(request), request.body)),
    );

    // Site: every 30 s while logged in, with the current game session.
    route(app, 'heartbeat', { tags: ['member'], preHandler: member }, async (request) =>
      ok(await members.heartbeat(currentMember(request), request.body)),
    );

    // Site: decides whether withdrawing asks to set a withdraw password first. d = enabled, p = already set.
    route(app, 'withdrawPasswordConfig', { tags: ['member'], preHandler: loadMember(container) }, async (request) =>
      ok(await members.withdrawPasswordConfig(request.member)),
    );
  };
}
