import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { currentMember, operatorActor, requireMember, requireOperator } from '../http/request-context';
import { AGENT_FLAG_DECIDERS, AGENT_RUNNERS, AGENT_SCHEME_EDITORS, AGENT_VIEWERS } from './agent.service';

/** The agent programme: the member's invite link, downline and commission; the operators' scheme, report and flags. */
export function agentRoutes(container: Container): FastifyPluginAsyncZod {
  const agent = container.agent;
  return async (app) => {
    const member = { tags: ['agent'], preHandler: requireMember(container) };
    const look = { tags: ['admin'], preHandler: requireOperator(container, AGENT_VIEWERS) };
    const edit = { tags: ['admin'], preHandler: requireOperator(container, AGENT_SCHEME_EDITORS) };
    const run = { tags: ['admin'], preHandler: requireOperator(container, AGENT_RUNNERS) };
    const decide = { tags: ['admin'], preHandler: requireOperator(container, AGENT_FLAG_DECIDERS) };

    // Site (/user/agentPage): the invite code and link (this site's address as the member reached it), the
    // downline's size, the commission paid and waiting, the scheme.
    route(app, 'agentInfo', member, async (request) =>
      ok(await agent.info(currentMember(request).memberId, `${request.protocol}://${request.host}`)),
    );

    // Site (/user/agentPage): the members who registered with the code (level 1) or with theirs (level 2).
    route(app, 'agentDownline', member, async (request) =>
      ok(await agent.downline(currentMember(request).memberId, request.query)),
    );

    // Site (/user/agentPage): the commission per period.
    route(app, 'agentCommissions', member, async (request) =>
      ok(await agent.commissions(currentMember(request).memberId, request.query)),
    );

    // Site (/user/agentPage): claims one period's commission into the main wallet.
    route(app, 'agentCommissionClaim', member, async (request) =>
      ok(await agent.claim(currentMember(request).memberId, request.body.id)),
    );

    // Console: the commission scheme.
    route(app, 'adminAgentSettings', look, async (request) => ok(await agent.adminScheme(operatorActor(request))));

    // Console: replaces the scheme (audited).
    route(app, 'adminAgentSettingsSave', edit, async (request) =>
      ok(await agent.saveScheme(operatorActor(request), request.body)),
    );

    // Console: the commission report per agent and period.
    route(app, 'adminAgentCommissions', look, async (request) =>
      ok(await agent.report(operatorActor(request), request.query)),
    );

    // Console: computes one ended period now (a finished one answers its totals).
    route(app, 'adminAgentRun', run, async (request) => ok(await agent.runNow(operatorActor(request), request.body)));

    // Console: referrals flagged as farming.
    route(app, 'adminAgentFlags', look, async (request) =>
      ok(await agent.flags(operatorActor(request), request.query)),
    );

    // Console: confirms a flag (no commission) or clears it (counts again), audited.
    route(app, 'adminAgentFlagDecide', decide, async (request) =>
      ok(await agent.decideFlag(operatorActor(request), request.params.id, request.body.decision)),
    );
  };
}
