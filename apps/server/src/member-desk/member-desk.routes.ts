import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { currentOperator, operatorActor, requireOperator } from '../http/request-context';
import { createMemberDeskService } from './member-desk.service';

/** The console's members desk (issue 27): the list, a member's picture, notes, lock and unlock, ending sessions. */
export function memberDeskRoutes(container: Container): FastifyPluginAsyncZod {
  const desk = createMemberDeskService({
    db: container.db,
    announceSessionsEnded: (memberId) => container.sessions.announceRevokedAll(memberId),
  });
  return async (app) => {
    const viewers = requireOperator(container, ['admin', 'finance', 'support']);
    const moneyDesk = requireOperator(container, ['admin', 'finance']);
    const tags = ['admin'];
    const id = (params: { id: string }) => BigInt(params.id);

    // Console 会员: the members list with its search form, sorts and paging.
    route(app, 'adminMemberSearch', { tags, preHandler: viewers }, async (request) =>
      ok(await desk.search(currentOperator(request), request.query)),
    );

    // Console 会员详情 资料: profile, balances, turnover, sessions, lock state.
    route(app, 'adminMemberProfile', { tags, preHandler: viewers }, async (request) =>
      ok(await desk.profile(currentOperator(request), id(request.params))),
    );

    // Console 会员详情 资金流水.
    route(app, 'adminMemberLedger', { tags, preHandler: viewers }, async (request) =>
      ok(await desk.ledger(currentOperator(request), id(request.params), request.query)),
    );

    // Console 会员详情 注单: sports, casino or vendor bets.
    route(app, 'adminMemberBets', { tags, preHandler: viewers }, async (request) =>
      ok(await desk.bets(currentOperator(request), id(request.params), request.query.product, request.query)),
    );

    // Console 会员详情 充值提现.
    route(app, 'adminMemberPayments', { tags, preHandler: viewers }, async (request) =>
      ok(await desk.payments(currentOperator(request), id(request.params), request.query.kind, request.query)),
    );

    // Console 会员详情 登录设备: the sign-ins.
    route(app, 'adminMemberSignIns', { tags, preHandler: viewers }, async (request) =>
      ok(await desk.signIns(currentOperator(request), id(request.params), request.query)),
    );

    // Console 会员详情 登录设备 and 关联账户: devices and the members sharing a device, phone or payout account.
    route(app, 'adminMemberLinks', { tags, preHandler: viewers }, async (request) =>
      ok(await desk.links(currentOperator(request), id(request.params))),
    );

    // Console 会员详情 备注.
    route(app, 'adminMemberNotes', { tags, preHandler: viewers }, async (request) =>
      ok(await desk.notes(currentOperator(request), id(request.params), request.query)),
    );
    route(app, 'adminMemberAddNote', { tags, preHandler: viewers }, async (request) =>
      ok(await desk.addNote(operatorActor(request), id(request.params), request.body.body)),
    );

    // Console 会员详情 actions: lock, unlock (money desk), end every session.
    route(app, 'adminMemberLock', { tags, preHandler: moneyDesk }, async (request) =>
      ok(await desk.lock(operatorActor(request), id(request.params), request.body.reason)),
    );
    route(app, 'adminMemberUnlock', { tags, preHandler: moneyDesk }, async (request) =>
      ok(await desk.unlock(operatorActor(request), id(request.params), request.body.reason)),
    );
    route(app, 'adminMemberEndSessions', { tags, preHandler: viewers }, async (request) =>
      ok(await desk.endSessions(operatorActor(request), id(request.params), request.body.reason)),
    );
  };
}
