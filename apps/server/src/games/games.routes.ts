import { rolesOf } from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { currentMember, operatorActor, requireMember, requireOperator } from '../http/request-context';

/** Where the member's browser reached us from: the vendor's back button returns there (/app/venueBack). */
function siteOrigin(request: {
  headers: Record<string, string | string[] | undefined>;
  protocol: string;
  host: string;
}) {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[A-Za-z0-9.:[\]-]{1,200}$/.test(origin)) return origin;
  return `${request.protocol}://${request.host}`;
}

/** Launching games, auto transfer, vendor records; the operators' vendor switches and who is playing. */
export function gamesRoutes(container: Container): FastifyPluginAsyncZod {
  const { games } = container;
  return async (app) => {
    const member = { tags: ['games'], preHandler: requireMember(container) };
    const look = { tags: ['admin'], preHandler: requireOperator(container) };

    // Site: /games/:id/:title/:code/:gtype, where to open a lobby game (a site path, or the vendor's URL).
    route(app, 'gameLaunch', member, async (request) =>
      ok(
        await games.launch.launch(
          currentMember(request).memberId,
          request.body,
          { lang: request.client.lang, origin: siteOrigin(request) },
          currentMember(request),
        ),
      ),
    );

    // Site: /finance/transfer, the auto-transfer (免转) switch.
    route(app, 'autoTransfer', member, async (request) =>
      ok(await games.launch.autoTransfer(currentMember(request).memberId)),
    );

    route(app, 'saveAutoTransfer', member, async (request) =>
      ok(await games.launch.saveAutoTransfer(currentMember(request).memberId, request.body.autoTransfer)),
    );

    // Site: /user/bettingRecord, the external vendors' tab.
    route(app, 'vendorBets', member, async (request) =>
      ok(await games.bets.list(currentMember(request).memberId, request.query)),
    );

    // Console: the vendors, their wallet model, maintenance and players now.
    route(app, 'adminVendors', look, async () => ok(await games.admin.vendors()));

    // Console: a vendor in or out of maintenance (the trading desk; the service checks the role again).
    route(app, 'adminVendorMaintenance', look, async (request) =>
      ok(await games.admin.setMaintenance(operatorActor(request), request.params.platform, request.body.maintenance)),
    );

    const desk = { tags: ['admin'], preHandler: requireOperator(container, rolesOf('trading')) };

    // Console: the seamless vendors' wallet calls as we answered them (the vendors page's callbacks log).
    route(app, 'adminVendorCallbacks', desk, async (request) => ok(await games.desk.callbacks(request.query)));

    // Console: a day per vendor, its bets against the ledger and its transfers in transit (the vendors page).
    route(app, 'adminVendorReconciliation', desk, async (request) =>
      ok(await games.desk.reconciliation(request.query)),
    );

    // Console: who is in which game now (the heartbeat's game session).
    route(app, 'adminGamePlayers', look, async () => ok(await games.admin.players()));
  };
}
