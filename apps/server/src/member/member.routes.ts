import {
  api,
  balance,
  bindEmailBody,
  bindPhoneBody,
  emailCodeBody,
  heartbeatBody,
  messageNum,
  smsSent,
  updateProfileBody,
  userInfo,
  withdrawPasswordConfig,
} from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../container';
import { ok, okSchema } from '../http/envelope';
import { currentMember, loadMember, requireMember } from '../http/request-context';

export function memberRoutes(container: Container): FastifyPluginAsyncZod {
  const { members } = container;
  return async (app) => {
    const member = requireMember(container);

    // Site: user info on 我的, personal info pages and after login (refreshed at most every 30 s).
    app.get(
      api.token,
      { schema: { tags: ['member'], response: { 200: okSchema(userInfo) } }, preHandler: member },
      async (request) => ok(await members.info(currentMember(request))),
    );

    // Site: balance on home and 我的.
    app.get(
      api.balance,
      { schema: { tags: ['member'], response: { 200: okSchema(balance) } }, preHandler: member },
      async (request) => ok(await members.balance(currentMember(request))),
    );

    // Site: unread badge on 我的.
    app.get(
      api.messageNum,
      { schema: { tags: ['member'], response: { 200: okSchema(messageNum) } }, preHandler: member },
      async (request) => ok({ count: await members.unread(currentMember(request)) }),
    );

    // Site: /personalInfo/name and the avatar on /personalInfo.
    app.post(
      api.updateProfile,
      {
        schema: { tags: ['member'], body: updateProfileBody, response: { 200: okSchema(userInfo) } },
        preHandler: member,
      },
      async (request) => ok(await members.updateProfile(currentMember(request), request.body, request.client.lang)),
    );

    // Site: /personalInfo/phone: a code to the new phone (type bind), and for a change an unbind code or the password.
    app.post(
      api.bindPhone,
      { schema: { tags: ['member'], body: bindPhoneBody, response: { 200: okSchema(userInfo) } }, preHandler: member },
      async (request) => ok(await members.bindPhone(currentMember(request), request.body, request.client.lang)),
    );

    // Site: /personalInfo/mail, the "get code" button.
    app.post(
      api.emailCode,
      { schema: { tags: ['member'], body: emailCodeBody, response: { 200: okSchema(smsSent) } }, preHandler: member },
      async (request) => ok(await members.sendEmailCode(request.client, request.body)),
    );

    // Site: /personalInfo/mail, submit.
    app.post(
      api.bindEmail,
      { schema: { tags: ['member'], body: bindEmailBody, response: { 200: okSchema(userInfo) } }, preHandler: member },
      async (request) => ok(await members.bindEmail(currentMember(request), request.body)),
    );

    // Site: every 30 s while logged in, with the current game session.
    app.post(
      api.heartbeat,
      {
        schema: {
          tags: ['member'],
          body: heartbeatBody,
          response: { 200: okSchema(z.object({ online: z.boolean(), gameid: z.string(), platform: z.string() })) },
        },
        preHandler: member,
      },
      async (request) => ok(await members.heartbeat(currentMember(request), request.body)),
    );

    // Site: decides whether withdrawing asks to set a withdraw password first. d = enabled, p = already set.
    app.get(
      api.withdrawPasswordConfig,
      {
        schema: { tags: ['member'], response: { 200: okSchema(withdrawPasswordConfig) } },
        preHandler: loadMember(container),
      },
      async (request) => ok(await members.withdrawPasswordConfig(request.member)),
    );
  };
}
