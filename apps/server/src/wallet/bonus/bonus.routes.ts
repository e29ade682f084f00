import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container';
import { route } from '../../http/endpoint-route';
import { ok } from '../../http/envelope';
import { currentMember, operatorActor, requireMember, requireOperator } from '../../http/request-context';

/** What members received from the reward programmes, and what the programmes paid (operators). */
export function bonusRoutes(container: Container): FastifyPluginAsyncZod {
  const { bonus } = container.wallet;
  return async (app) => {
    const member = { tags: ['rewards'], preHandler: requireMember(container) };
    const operator = { tags: ['admin'], preHandler: requireOperator(container) };

    // Site: the VIP page's "received", the task and redemption records: rewards credited, by programme.
    route(app, 'rewardGrants', member, async (request) =>
      ok(await bonus.list(currentMember(request).memberId, request.query)),
    );

    // Console: each programme's payouts per day.
    route(app, 'adminRewardPayouts', operator, async (request) =>
      ok(await bonus.payouts(operatorActor(request), request.query)),
    );
  };
}
