import { adjustBody, DEPOSIT_KINDS, reasonBody, requiredReasonBody, walletApi, walletSettings } from '@jinb/contract';
import { parseAmount } from '@jinb/money';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../container';
import { ok, okSchema } from '../http/envelope';
import { currentOperator, requireOperator } from '../http/request-context';
import { AppError } from '../shared/app-error';
import { idempotencyKey } from './wallet.routes';

const idParams = z.object({ id: z.coerce.number().int().positive({ error: 'NOT_FOUND' }) });
const statusQuery = z.object({ status: z.string().max(20).optional().default('') });
const amountText = z.string().refine((value) => parseAmount(value).ok, { error: 'AMOUNT_INVALID' });

export function walletAdminRoutes(container: Container): FastifyPluginAsyncZod {
  const { wallet, admin } = container;
  return async (app) => {
    // Anyone on the desk may look; only admin and finance operators may move money or change the rules.
    const guard = requireOperator(container);
    const money = requireOperator(container, ['admin', 'finance']);
    const audit = (request: FastifyRequest, action: string, target: string, detail: unknown = {}) =>
      admin.audit(currentOperator(request), action, request.ip, target, detail);

    // Console: a manual credit or debit on a member's main wallet, with a reason.
    app.post(
      walletApi.adminAdjust,
      { schema: { tags: ['admin'], params: idParams, body: adjustBody }, preHandler: money },
      async (request) => {
        const operator = currentOperator(request);
        const result = await wallet.admin.adjust(
          operator.id,
          BigInt(request.params.id),
          idempotencyKey(request),
          request.body.amount,
          request.body.reason,
        );
        await audit(request, 'wallet.adjust', `member:${request.params.id}`, {
          amount: request.body.amount.toString(),
          reason: request.body.reason,
          transferId: result.transferId,
        });
        return ok(result);
      },
    );

    // Console: a member's accounts, turnover and latest ledger entries.
    app.get(
      walletApi.adminMemberWallet,
      { schema: { tags: ['admin'], params: idParams }, preHandler: guard },
      async (request) => {
        await audit(request, 'wallet.view', `member:${request.params.id}`);
        return ok(await wallet.admin.memberWallet(BigInt(request.params.id)));
      },
    );

    // Console: forgive a member's unmet turnover so they can withdraw.
    app.post(
      walletApi.adminWaiveTurnover,
      { schema: { tags: ['admin'], params: idParams }, preHandler: money },
      async (request) => {
        const result = await wallet.admin.waiveTurnover(BigInt(request.params.id));
        await audit(request, 'wallet.turnover.waive', `member:${request.params.id}`, result);
        return ok(result);
      },
    );

    // Console: deposit orders by status.
    app.get(
      walletApi.adminDeposits,
      { schema: { tags: ['admin'], querystring: statusQuery }, preHandler: guard },
      async (request) => ok(await wallet.admin.deposits(request.query.status)),
    );

    app.post(
      walletApi.adminDepositConfirm,
      { schema: { tags: ['admin'], params: idParams }, preHandler: money },
      async (request) => {
        const order = await wallet.deposits.confirm(
          BigInt(request.params.id),
          `operator:${currentOperator(request).id}`,
        );
        await audit(request, 'deposit.confirm', `deposit:${request.params.id}`);
        return ok(order);
      },
    );

    app.post(
      walletApi.adminDepositReject,
      { schema: { tags: ['admin'], params: idParams, body: reasonBody }, preHandler: money },
      async (request) => {
        const order = await wallet.deposits.reject(
          BigInt(request.params.id),
          `operator:${currentOperator(request).id}`,
          request.body.reason,
        );
        await audit(request, 'deposit.reject', `deposit:${request.params.id}`, { reason: request.body.reason });
        return ok(order);
      },
    );

    // Console: withdrawals by status, and the three decisions on one.
    app.get(
      walletApi.adminWithdrawals,
      { schema: { tags: ['admin'], querystring: statusQuery }, preHandler: guard },
      async (request) => ok(await wallet.withdrawals.adminList(request.query.status)),
    );

    app.post(
      walletApi.adminWithdrawalAccept,
      { schema: { tags: ['admin'], params: idParams }, preHandler: money },
      async (request) => {
        const result = await wallet.withdrawals.accept(currentOperator(request).id, BigInt(request.params.id));
        await audit(request, 'withdrawal.accept', `withdrawal:${request.params.id}`);
        return ok(result);
      },
    );

    app.post(
      walletApi.adminWithdrawalPay,
      { schema: { tags: ['admin'], params: idParams }, preHandler: money },
      async (request) => {
        const result = await wallet.withdrawals.pay(currentOperator(request).id, BigInt(request.params.id));
        await audit(request, 'withdrawal.pay', `withdrawal:${request.params.id}`);
        return ok(result);
      },
    );

    app.post(
      walletApi.adminWithdrawalRefuse,
      { schema: { tags: ['admin'], params: idParams, body: requiredReasonBody }, preHandler: money },
      async (request) => {
        const result = await wallet.withdrawals.refuse(
          currentOperator(request).id,
          BigInt(request.params.id),
          request.body.reason,
        );
        await audit(request, 'withdrawal.refuse', `withdrawal:${request.params.id}`, { reason: request.body.reason });
        return ok(result);
      },
    );

    // Console: flow multiple, withdrawal limits and fees, deposit expiry, USDT rate, card limits.
    app.get(
      walletApi.adminWalletSettings,
      { schema: { tags: ['admin'], response: { 200: okSchema(walletSettings) } }, preHandler: guard },
      async () => ok(await wallet.admin.settings()),
    );

    app.put(
      walletApi.adminWalletSettings,
      {
        schema: { tags: ['admin'], body: walletSettings, response: { 200: okSchema(walletSettings) } },
        preHandler: money,
      },
      async (request) => {
        const saved = await wallet.admin.updateSettings(request.body);
        await audit(request, 'wallet.settings', 'wallet', saved);
        return ok(saved);
      },
    );

    // Console: deposit channels.
    app.get(walletApi.adminDepositChannels, { schema: { tags: ['admin'] }, preHandler: guard }, async () =>
      ok(await wallet.admin.channels()),
    );

    app.put(
      walletApi.adminDepositChannels,
      {
        schema: {
          tags: ['admin'],
          body: z.object({
            id: z.string().regex(/^[a-z0-9_-]{2,40}$/),
            kind: z.enum(DEPOSIT_KINDS),
            name: z.string().min(1).max(40),
            min: amountText,
            max: amountText,
            payee: z.record(z.string().max(40), z.string().max(200)),
            tips: z.string().max(500).default(''),
            sort: z.number().int().default(0),
            active: z.boolean().default(true),
          }),
        },
        preHandler: money,
      },
      async (request) => {
        const body = request.body;
        const min = parseAmount(body.min);
        const max = parseAmount(body.max);
        if (!min.ok || !max.ok || min.value <= 0n) throw new AppError('AMOUNT_INVALID');
        await wallet.admin.saveChannel({ ...body, min: min.value, max: max.value });
        await audit(request, 'wallet.channel', `channel:${body.id}`, body);
        return ok(await wallet.admin.channels());
      },
    );

    // Console: settle every pending venue transfer with the venues.
    app.post(walletApi.adminReconcile, { schema: { tags: ['admin'] }, preHandler: money }, async (request) => {
      const result = await wallet.venues.reconcile(`operator:${currentOperator(request).id}`, 0);
      await audit(request, 'venues.reconcile', 'venues', result);
      return ok(result);
    });

    // Console: the day's deposits, withdrawals, net and pending counts.
    app.get(
      walletApi.adminSummary,
      {
        schema: {
          tags: ['admin'],
          querystring: z.object({
            day: z
              .string()
              .regex(/^\d{4}-\d{2}-\d{2}$/)
              .optional(),
          }),
        },
        preHandler: guard,
      },
      async (request) => ok(await wallet.admin.summary(request.query.day)),
    );

    // Console and monitoring: do all transfers balance, do all balances equal their entries, is any member negative?
    app.get(walletApi.adminLedgerCheck, { schema: { tags: ['admin'] }, preHandler: guard }, async () =>
      ok(await wallet.admin.ledgerCheck()),
    );
  };
}
