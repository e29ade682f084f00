import { parseAmount } from '@jinb/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MONEY_DESK } from '../../admin/operator-actor';
import type { Container } from '../../container';
import { route } from '../../http/endpoint-route';
import { ok } from '../../http/envelope';
import { idempotencyKey } from '../../http/idempotency-key';
import { currentOperator, operatorActor, requireOperator } from '../../http/request-context';
import { AppError } from '../../shared/app-error';

export function walletAdminRoutes(container: Container): FastifyPluginAsyncZod {
  const { wallet, admin } = container;
  return async (app) => {
    // Anyone on the desk may look; only admin and finance operators may move money or change the rules.
    const look = { tags: ['admin'], preHandler: requireOperator(container) };
    const money = { tags: ['admin'], preHandler: requireOperator(container, MONEY_DESK) };

    // Console: a manual credit or debit on a member's main wallet, with a reason. Above the approval threshold it
    // files a request for a second operator instead (see admin/approval.routes.ts).
    route(app, 'adminAdjust', money, async (request) =>
      ok(
        await wallet.admin.adjust(
          operatorActor(request),
          BigInt(request.params.id),
          idempotencyKey(request),
          request.body.amount,
          request.body.reason,
        ),
      ),
    );

    // Console: a member's accounts, turnover and latest ledger entries.
    route(app, 'adminMemberWallet', look, async (request) => {
      // Looking is recorded too: support staff reading a member's money should leave a trace.
      await admin.audit(currentOperator(request), 'wallet.view', request.ip, `member:${request.params.id}`);
      return ok(await wallet.admin.memberWallet(BigInt(request.params.id)));
    });

    // Console: forgive a member's unmet turnover so they can withdraw.
    route(app, 'adminWaiveTurnover', money, async (request) =>
      ok(await wallet.admin.waiveTurnover(operatorActor(request), BigInt(request.params.id))),
    );

    // Console: deposit orders by status.
    route(app, 'adminDeposits', look, async (request) => ok(await wallet.admin.deposits(request.query.status)));

    route(app, 'adminDepositConfirm', money, async (request) =>
      ok(await wallet.deposits.confirmByOperator(operatorActor(request), BigInt(request.params.id))),
    );

    route(app, 'adminDepositReject', money, async (request) =>
      ok(await wallet.deposits.reject(operatorActor(request), BigInt(request.params.id), request.body.reason)),
    );

    // Console: withdrawals by status, and the three decisions on one.
    route(app, 'adminWithdrawals', look, async (request) =>
      ok(await wallet.withdrawals.adminList(request.query.status)),
    );

    route(app, 'adminWithdrawalAccept', money, async (request) =>
      ok(await wallet.withdrawals.accept(operatorActor(request), BigInt(request.params.id))),
    );

    route(app, 'adminWithdrawalPay', money, async (request) =>
      ok(await wallet.withdrawals.pay(operatorActor(request), BigInt(request.params.id))),
    );

    route(app, 'adminWithdrawalRefuse', money, async (request) =>
      ok(await wallet.withdrawals.refuse(operatorActor(request), BigInt(request.params.id), request.body.reason)),
    );

    // Console: flow multiple, withdrawal limits and fees, deposit expiry, USDT rate, card limits.
    route(app, 'adminWalletSettings', look, async () => ok(await wallet.admin.settings()));

    route(app, 'adminSaveWalletSettings', money, async (request) =>
      ok(await wallet.admin.updateSettings(operatorActor(request), request.body)),
    );

    // Console: deposit channels, paged on the server.
    route(app, 'adminDepositChannels', look, async (request) => ok(await wallet.desk.channels(request.query)));

    route(app, 'adminSaveDepositChannel', money, async (request) => {
      const body = request.body;
      const min = parseAmount(body.min);
      const max = parseAmount(body.max);
      if (!min.ok || !max.ok || min.value <= 0n) throw new AppError('AMOUNT_INVALID');
      await wallet.admin.saveChannel(operatorActor(request), { ...body, min: min.value, max: max.value });
      return ok(await wallet.admin.channels());
    });

    // Console (issue 27): each queue's count and oldest item, and the withdrawal SLA (badges, dashboard).
    route(app, 'adminMoneyQueues', money, async () => ok(await wallet.desk.queues()));

    // Console (issue 27): the withdrawal desk, paged on the server, with each member's balance and turnover.
    route(app, 'adminWithdrawalDesk', money, async (request) => ok(await wallet.desk.withdrawals(request.query)));

    // Console (issue 27): deposit orders, paged on the server, with each member's account.
    route(app, 'adminDepositDesk', money, async (request) => ok(await wallet.desk.deposits(request.query)));

    // Console: settle every pending venue transfer with the venues.
    route(app, 'adminReconcile', money, async (request) =>
      ok(await wallet.venues.reconcile(operatorActor(request), 0)),
    );

    // Console: the day's deposits, withdrawals, net and pending counts.
    route(app, 'adminSummary', look, async (request) => ok(await wallet.admin.summary(request.query.day)));

    // Console and monitoring: do all transfers balance, do all balances equal their entries, is any member negative?
    route(app, 'adminLedgerCheck', look, async () => ok(await wallet.admin.ledgerCheck()));
  };
}
