import { rolesOf } from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { currentMember, loadMember, operatorActor, requireMember, requireOperator } from '../http/request-context';

/** VIP levels for members (visitors see the levels) and for operators (the level table, a member's standing). */
export function vipRoutes(container: Container): FastifyPluginAsyncZod {
  const { vip } = container;
  return async (app) => {
    const visitor = { tags: ['vip'], preHandler: loadMember(container) };
    const member = { tags: ['vip'], preHandler: requireMember(container) };
    const operator = { tags: ['admin'], preHandler: requireOperator(container) };
    const desk = { tags: ['admin'], preHandler: requireOperator(container, rolesOf('marketing')) };
    const support = { tags: ['admin'], preHandler: requireOperator(container, rolesOf('support')) };

    // Site /user/vip/privilege: the member's level card and progress, and every level (spec `vips`).
    route(app, 'vips', visitor, async (request) =>
      ok(await vip.vips(request.member?.memberId ?? null, request.client.lang)),
    );

    // Site /user/vip/privilege and /user/vip/detail: every level's privileges and the member's level (spec).
    route(app, 'vipsList', visitor, async (request) =>
      ok(await vip.vipsList(request.member?.memberId ?? null, request.client.lang)),
    );

    // Site /user/vip/detail: the member sets their birthday, once.
    route(app, 'vipBirthday', member, async (request) =>
      ok(await vip.setBirthday(currentMember(request).memberId, request.body.birthday, request.client.lang)),
    );

    // Console: the level table.
    route(app, 'adminVipLevels', operator, async (request) => ok(await vip.adminLevels(operatorActor(request))));

    // Console: replace the level table (validated whole, audited).
    route(app, 'adminVipLevelsSave', desk, async (request) =>
      ok(await vip.saveLevels(operatorActor(request), request.body)),
    );

    // Console: a member's VIP standing.
    route(app, 'adminVipMember', operator, async (request) =>
      ok(await vip.adminMember(operatorActor(request), BigInt(request.params.id))),
    );

    // Console: change a member's birthday (audited).
    route(app, 'adminVipBirthday', support, async (request) =>
      ok(await vip.adminSetBirthday(operatorActor(request), BigInt(request.params.id), request.body.birthday)),
    );
  };
}
