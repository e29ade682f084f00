import { HEADER } from '@jinb/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { idempotencyKey } from '../http/idempotency-key';
import { currentMember, loadMember, requireMember } from '../http/request-context';
import { AppError } from '../shared/app-error';
import { traditional } from '../shared/localize';

/** As sports placement: a retried bet without its key could not be told from a second bet. */
function betKey(request: FastifyRequest): string {
  if (request.headers[HEADER.idempotencyKey] === undefined) throw new AppError('BAD_REQUEST');
  return idempotencyKey(request);
}

/** A table's name in the request's language: operators name tables in simplified; zh-HK reads them converted. */
function named<T extends { name: string }>(table: T, request: FastifyRequest): T {
  return request.client.lang === 'zh-HK' ? { ...table, name: traditional(table.name) } : table;
}

/** The house tables for members: the tables, one table, bets, rounds, the chains and the member's records. */
export function casinoRoutes(container: Container): FastifyPluginAsyncZod {
  const { reads, placement, records } = container.casino;
  return async (app) => {
    const visitor = { tags: ['casino'], preHandler: loadMember(container) };
    const member = { tags: ['casino'], preHandler: requireMember(container) };

    // Site: the lobby's tables, each with its current round.
    route(app, 'casinoTables', visitor, async (request) =>
      ok((await reads.tables()).map((table) => named(table, request))),
    );

    // Site: a table's page: the round now, the roads, the chain; a signed-in member's own bets this round.
    route(app, 'casinoTable', visitor, async (request) =>
      ok(named(await reads.table(request.params.code, request.member?.memberId ?? null), request)),
    );

    // Site: a bet action (chips on spots) into the open round; a double tap or a retry takes it once.
    route(app, 'casinoBet', member, async (request) =>
      ok(await placement.place(currentMember(request).memberId, betKey(request), request.body, currentMember(request))),
    );

    // Site: /user/bettingRecord, the casino tab.
    route(app, 'casinoBets', member, async (request) => {
      const page = await records.list(currentMember(request).memberId, request.query);
      if (request.client.lang !== 'zh-HK') return ok(page);
      return ok({ ...page, list: page.list.map((bet) => ({ ...bet, tableName: traditional(bet.tableName) })) });
    });

    // Site and verification page: a round, its outcome from the close, its seed once settled.
    route(app, 'casinoRound', visitor, async (request) => ok(await reads.round(BigInt(request.params.id))));

    // Verification page: the published chains.
    route(app, 'casinoChain', visitor, async (request) => ok(await reads.chain(request.query.table)));
  };
}
