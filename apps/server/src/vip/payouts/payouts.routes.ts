import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container';
import { route } from '../../http/endpoint-route';
import { ok } from '../../http/envelope';
import { currentMember, operatorActor, requireMember, requireOperator } from '../../http/request-context';
import { PAYOUT_MANAGERS, PAYOUT_VIEWERS } from './payouts.service';

/** The VIP payouts: what a member claims, and the operators' settings and runs (the service checks roles again). */
export function vipPayoutsRoutes(container: Container): FastifyPluginAsyncZod {
  const payouts = container.vipPayouts;
  return async (app) => {
    const member = { tags: ['vip'], preHandler: requireMember(container) };
    const look = { tags: ['admin'], preHandler: requireOperator(container, PAYOUT_VIEWERS) };
    const manage = { tags: ['admin'], preHandler: requireOperator(container, PAYOUT_MANAGERS) };

    // Site (/user/vip/detail): the wages, birthday bonus and rebates waiting to be claimed.
    route(app, 'vipPayouts', member, async (request) => ok(await payouts.claimable(currentMember(request).memberId)));

    // Site (/user/vip/detail): claims one payout.
    route(app, 'vipPayoutClaim', member, async (request) =>
      ok(await payouts.claim(currentMember(request).memberId, request.body.id)),
    );

    // Site (/user/vip/detail): claims every payout waiting.
    route(app, 'vipPayoutClaimAll', member, async (request) =>
      ok(await payouts.claimAll(currentMember(request).memberId)),
    );

    // Console: how each kind pays (auto or claim, enabled, minimum turnover, expiry).
    route(app, 'adminVipPayoutSettings', look, async (request) =>
      ok(await payouts.adminSettings(operatorActor(request))),
    );

    // Console: changes those settings (audited).
    route(app, 'adminVipPayoutSettingsSave', manage, async (request) =>
      ok(await payouts.saveSettings(operatorActor(request), request.body)),
    );

    // Console: the payout runs with their totals.
    route(app, 'adminVipPayoutRuns', look, async (request) =>
      ok(await payouts.runs(operatorActor(request), request.query)),
    );

    // Console: runs one kind for one period now (a finished run answers its totals).
    route(app, 'adminVipPayoutRun', manage, async (request) =>
      ok(await payouts.runNow(operatorActor(request), request.body)),
    );
  };
}
