import { api } from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { PHONE_AREAS } from '../content/phone-areas';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { currentMember, loadMember, requireMember } from '../http/request-context';
import { memberRepository } from '../member/member.repository';
import { toUserInfo } from '../member/member-view';
import type { LimitRule } from '../shared/limits';

const TOKEN_HEADER = 'id';
/** A page shows one captcha and a refresh or two; a script fetching hundreds a minute is harvesting them. */
const CAPTCHA_ISSUE_LIMIT: LimitRule = { name: 'captcha-issue', points: 60, durationS: 60 };

export function authRoutes(container: Container): FastifyPluginAsyncZod {
  const { auth } = container;
  return async (app) => {
    // Site: login and registration pages encrypt the password with this key.
    route(app, 'publicKey', { tags: ['auth'] }, async () => ok({ key: container.cipher.publicKeyBase64 }));

    // Site: the captcha image on login, registration and SMS forms. Bound to the device id (or IP).
    // An image, not JSON, so not in the endpoint table: registered by hand.
    app.get(api.captcha, { schema: { tags: ['auth'], produces: ['image/png'] } }, async (request, reply) => {
      await container.limits.consume(CAPTCHA_ISSUE_LIMIT, request.ip);
      const png = await container.captcha.issue(request.client.captchaKey);
      return reply.header('cache-control', 'no-store').type('image/png').send(png);
    });

    // Site: the area-code picker next to every phone field.
    route(app, 'phoneArea', { tags: ['auth'] }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return ok(PHONE_AREAS);
    });

    // Site: "get code" buttons (register, forgot password, bind phone, withdraw).
    route(app, 'sms', { tags: ['auth'], preHandler: loadMember(container) }, async (request) => {
      const member = request.member
        ? await memberRepository.findById(container.db, request.member.memberId)
        : undefined;
      return ok(await auth.sendSms(request.client, request.body, member));
    });

    // Site: /register.
    route(app, 'register', { tags: ['auth'] }, async (request, reply) => {
      const { token, member } = await auth.register(request.client, request.body);
      reply.header(TOKEN_HEADER, token);
      return ok({ token, user: toUserInfo(member) });
    });

    // Site: /login. The password arrives RSA-OAEP encrypted.
    route(app, 'login', { tags: ['auth'] }, async (request, reply) => {
      const { token, member } = await auth.login(request.client, request.body);
      reply.header(TOKEN_HEADER, token);
      return ok({ token, user: toUserInfo(member) });
    });

    // Site: /forgetPassword.
    route(app, 'forgetPassword', { tags: ['auth'] }, async (request) => {
      await auth.forgetPassword(request.client, request.body);
      return ok(true);
    });

    // Site: /setting/password. Ends every session and returns a fresh token for this device.
    route(app, 'updatePassword', { tags: ['auth'], preHandler: requireMember(container) }, async (request, reply) => {
      const result = await auth.updatePassword(currentMember(request), request.client, request.body);
      reply.header(TOKEN_HEADER, result.token);
      return ok(result);
    });

    // Site: logout from 我的 and /setting.
    route(app, 'logout', { tags: ['auth'], preHandler: requireMember(container) }, async (request) => {
      await auth.logout(currentMember(request));
      return ok(true);
    });
  };
}
