import {
  adjustBody,
  adjustResult,
  adminDeposit,
  adminDepositChannel,
  adminWithdrawal,
  DEPOSIT_KINDS,
  daySummary,
  depositOrder,
  ledgerCheckView,
  memberWalletView,
  reasonBody,
  reconcileResult,
  requiredReasonBody,
  waiveResult,
  walletApi,
  walletSettings,
  withdrawal,
} from '@jinb/contract';
import { parseAmount } from '@jinb/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MONEY_DESK } from '../../admin/operator-actor';
import type { Container } from '../../container';
import { ok, okSchema } from '../../http/envelope';
import { idempotencyKey } from '../../http/idempotency-key';
import { currentOperator, operatorActor, requireOperator } from '../../http/request-context';
import { AppError } from '../../shared/app-error';

const idParams = z.object({ id: z.coerce.number().int().positive({ error: 'NOT_FOUND' }) });
const statusQuery = z.object({ status: z.string().max(20).optional().default('') });
const amountText = z.string().refine((value) => parseAmount(value).ok, { error: 'AMOUNT_INVALID' });

export function walletAdminRoutes(container: Container): FastifyPluginAsyncZod {
  const { wallet, admin } = container;
  return async (app) => {
    // Anyone on the desk may look; only admin and finance operators may move money or change the rules.
    const guard = requireOperator(container);
    const money = requireOperator(container, MONEY_DESK);

    // Console: a manual credit or debit on a member's main wallet, with a reason. Above the approval threshold it
    // files a request for a second operator instead (see admin/approval.routes.ts).
    app.post(
      walletApi.adminAdjust,
      {
        schema: { tags: ['admin'], params: idParams, body: adjustBody, response: { 200: okSchema(adjustResult) } },
        preHandler: money,
      },
      async (request) =>
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
    app.get(
      walletApi.adminMemberWallet,
      {
        schema: { tags: ['admin'], params: idParams, response: { 200: okSchema(memberWalletView) } },
        preHandler: guard,
      },
      async (request) => {
        // Looking is recorded too: support staff reading a member's money should leave a trace.
        await admin.audit(currentOperator(request), 'wallet.view', request.ip, `member:${request.params.id}`);
        return ok(await wallet.admin.memberWallet(BigInt(request.params.id)));
      },
    );

    // Console: forgive a member's unmet turnover so they can withdraw.
    app.post(
      walletApi.adminWaiveTurnover,
      { schema: { tags: ['admin'], params: idParams, response: { 200: okSchema(waiveResult) } }, preHandler: money },
      async (request) => ok(await wallet.admin.waiveTurnover(operatorActor(request), BigInt(request.params.id))),
    );

    // Console: deposit orders by status.
    app.get(
      walletApi.adminDeposits,
      {
        schema: { tags: ['admin'], querystring: statusQuery, response: { 200: okSchema(z.array(adminDeposit)) } },
        preHandler: guard,
      },
      async (request) => ok(await wallet.admin.deposits(request.query.status)),
    );

    app.post(
      walletApi.adminDepositConfirm,
      { schema: { tags: ['admin'], params: idParams, response: { 200: okSchema(depositOrder) } }, preHandler: money },
      async (request) => ok(await wallet.deposits.confirmByOperator(operatorActor(request), BigInt(request.params.id))),
    );

    app.post(
      walletApi.adminDepositReject,
      {
        schema: { tags: ['admin'], params: idParams, body: reasonBody, response: { 200: okSchema(depositOrder) } },
        preHandler: money,
      },
      async (request) =>
        ok(await wallet.deposits.reject(operatorActor(request), BigInt(request.params.id), request.body.reason)),
    );

    // Console: withdrawals by status, and the three decisions on one.
    app.get(
      walletApi.adminWithdrawals,
      {
        schema: { tags: ['admin'], querystring: statusQuery, response: { 200: okSchema(z.array(adminWithdrawal)) } },
        preHandler: guard,
      },
      async (request) => ok(await wallet.withdrawals.adminList(request.query.status)),
    );

    app.post(
      walletApi.adminWithdrawalAccept,
      { schema: { tags: ['admin'], params: idParams, response: { 200: okSchema(withdrawal) } }, preHandler: money },
      async (request) => ok(await wallet.withdrawals.accept(operatorActor(request), BigInt(request.params.id))),
    );

    app.post(
      walletApi.adminWithdrawalPay,
      { schema: { tags: ['admin'], params: idParams, response: { 200: okSchema(withdrawal) } }, preHandler: money },
      async (request) => ok(await wallet.withdrawals.pay(operatorActor(request), BigInt(request.params.id))),
    );

    app.post(
      walletApi.adminWithdrawalRefuse,
      {
        schema: {
          tags: ['admin'],
          params: idParams,
          body: requiredReasonBody,
          response: { 200: okSchema(withdrawal) },
        },
        preHandler: money,
      },
      async (request) =>
        ok(await wallet.withdrawals.refuse(operatorActor(request), BigInt(request.params.id), request.body.reason)),
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
      async (request) => ok(await wallet.admin.updateSettings(operatorActor(request), request.body)),
    );

    // Console: deposit channels.
    app.get(
      walletApi.adminDepositChannels,
      { schema: { tags: ['admin'], response: { 200: okSchema(z.array(adminDepositChannel)) } }, preHandler: guard },
      async () => ok(await wallet.admin.channels()),
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
          response: { 200: okSchema(z.array(adminDepositChannel)) },
        },
        preHandler: money,
      },
      async (request) => {
        const body = request.body;
        const min = parseAmount(body.min);
        const max = parseAmount(body.max);
        if (!min.ok || !max.ok || min.value <= 0n) throw new AppError('AMOUNT_INVALID');
        await wallet.admin.saveChannel(operatorActor(request), { ...body, min: min.value, max: max.value });
        return ok(await wallet.admin.channels());
      },
    );

    // Console: settle every pending venue transfer with the venues.
    app.post(
      walletApi.adminReconcile,
      { schema: { tags: ['admin'], response: { 200: okSchema(reconcileResult) } }, preHandler: money },
      async (request) => ok(await wallet.venues.reconcile(operatorActor(request), 0)),
    );

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
          response: { 200: okSchema(daySummary) },
        },
        preHandler: guard,
      },
      async (request) => ok(await wallet.admin.summary(request.query.day)),
    );

    // Console and monitoring: do all transfers balance, do all balances equal their entries, is any member negative?
    app.get(
      walletApi.adminLedgerCheck,
      { schema: { tags: ['admin'], response: { 200: okSchema(ledgerCheckView) } }, preHandler: guard },
      async () => ok(await wallet.admin.ledgerCheck()),
    );
  };
}
