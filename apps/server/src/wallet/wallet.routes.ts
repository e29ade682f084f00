import {
  bindCardBody,
  card,
  depositBody,
  depositChannel,
  depositOrder,
  idBody,
  idQuery,
  myAssets,
  page,
  recordsQuery,
  showQuery,
  transferBody,
  transferResult,
  venueWallet,
  walletApi,
  walletRecord,
  walletRecordDetail,
  withdrawal,
  withdrawBody,
  withdrawInfo,
  withdrawPasswordBody,
} from '@jinb/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../container';
import { ok, okSchema } from '../http/envelope';
import { idempotencyKey } from '../http/idempotency-key';
import { currentMember, requireMember } from '../http/request-context';

export function walletRoutes(container: Container): FastifyPluginAsyncZod {
  const { wallet } = container;
  return async (app) => {
    const guard = requireMember(container);
    const memberId = (request: FastifyRequest) => currentMember(request).memberId;

    // Site: /finance/deposit, the channel list.
    app.get(
      walletApi.depositChannels,
      { schema: { tags: ['wallet'], response: { 200: okSchema(z.array(depositChannel)) } }, preHandler: guard },
      async () => ok(await wallet.deposits.channels()),
    );

    // Site: /finance/deposit, submit -> an order with payee details, odd-cent amount, remark and expiry.
    app.post(
      walletApi.deposit,
      { schema: { tags: ['wallet'], body: depositBody, response: { 200: okSchema(depositOrder) } }, preHandler: guard },
      async (request) => ok(await wallet.deposits.create(memberId(request), idempotencyKey(request), request.body)),
    );

    // Site: /finance/deposit/info, the order and its status (polled while the member pays).
    app.get(
      walletApi.depositOrder,
      {
        schema: { tags: ['wallet'], querystring: idQuery, response: { 200: okSchema(depositOrder) } },
        preHandler: guard,
      },
      async (request) => ok(await wallet.deposits.order(memberId(request), BigInt(request.query.id))),
    );

    // Payment gateway: signed server-to-server callback. Replays change nothing.
    app.post(
      walletApi.depositCallback,
      {
        schema: {
          tags: ['wallet'],
          body: z.object({
            orderId: z.string().max(20),
            amount: z.string().max(30),
            reference: z.string().min(1).max(80),
            status: z.enum(['paid', 'failed']),
            sign: z.string().max(128),
          }),
          response: { 200: okSchema(depositOrder) },
        },
      },
      async (request) => ok(await wallet.deposits.gatewayCallback(request.body)),
    );

    // Site: /setting/wpassword. First set needs only the session; changing needs the old one or an SMS code.
    app.post(
      walletApi.withdrawPassword,
      {
        schema: { tags: ['wallet'], body: withdrawPasswordBody, response: { 200: okSchema(z.boolean()) } },
        preHandler: guard,
      },
      async (request) => {
        await wallet.withdrawPassword.set(memberId(request), request.body);
        return ok(true);
      },
    );

    // Site: /cards.
    app.get(
      walletApi.cards,
      { schema: { tags: ['wallet'], response: { 200: okSchema(z.array(card)) } }, preHandler: guard },
      async (request) => ok(await wallet.cards.list(memberId(request))),
    );

    // Site: /cards/addBankCard, /cards/addAlipay, /cards/addVirtualCoin.
    app.post(
      walletApi.cards,
      { schema: { tags: ['wallet'], body: bindCardBody, response: { 200: okSchema(card) } }, preHandler: guard },
      async (request) => ok(await wallet.cards.bind(memberId(request), idempotencyKey(request), request.body)),
    );

    // Site: /finance/withdraw, limits, remaining today and unmet turnover.
    app.get(
      walletApi.withdrawInfo,
      { schema: { tags: ['wallet'], response: { 200: okSchema(withdrawInfo) } }, preHandler: guard },
      async (request) => ok(await wallet.withdrawals.info(memberId(request))),
    );

    // Site: /finance/withdraw, submit. Freezes the amount at once.
    app.post(
      walletApi.withdraw,
      { schema: { tags: ['wallet'], body: withdrawBody, response: { 200: okSchema(withdrawal) } }, preHandler: guard },
      async (request) => ok(await wallet.withdrawals.create(memberId(request), idempotencyKey(request), request.body)),
    );

    // Site: cancel a withdrawal that is still unhandled.
    app.post(
      walletApi.withdrawCancel,
      { schema: { tags: ['wallet'], body: idBody, response: { 200: okSchema(withdrawal) } }, preHandler: guard },
      async (request) => ok(await wallet.withdrawals.cancel(memberId(request), BigInt(request.body.id))),
    );

    // Site: /finance/withdraw, the member's recent withdrawals and their states.
    app.get(
      walletApi.withdrawals,
      { schema: { tags: ['wallet'], response: { 200: okSchema(z.array(withdrawal)) } }, preHandler: guard },
      async (request) => ok(await wallet.withdrawals.list(memberId(request))),
    );

    // Site: /finance/transfer, main <-> a venue wallet.
    app.post(
      walletApi.transfer,
      {
        schema: { tags: ['wallet'], body: transferBody, response: { 200: okSchema(transferResult) } },
        preHandler: guard,
      },
      async (request) => ok(await wallet.venues.transfer(memberId(request), idempotencyKey(request), request.body)),
    );

    // Site: /finance/transfer, "recall all".
    app.post(
      walletApi.recall,
      { schema: { tags: ['wallet'], response: { 200: okSchema(transferResult) } }, preHandler: guard },
      async (request) => ok(await wallet.venues.recall(memberId(request), idempotencyKey(request))),
    );

    // Site: /finance/transfer and /finance/myAssets, the venue wallets with balances.
    app.get(
      walletApi.walletList,
      {
        schema: { tags: ['wallet'], querystring: showQuery, response: { 200: okSchema(z.array(venueWallet)) } },
        preHandler: guard,
      },
      async (request) => ok(await wallet.venues.wallets(memberId(request), request.query.show)),
    );

    // Site: /finance/myAssets.
    app.get(
      walletApi.assets,
      { schema: { tags: ['wallet'], response: { 200: okSchema(myAssets) } }, preHandler: guard },
      async (request) => ok(await wallet.records.assets(memberId(request))),
    );

    // Site: /user/transactionRecord.
    app.get(
      walletApi.records,
      {
        schema: { tags: ['wallet'], querystring: recordsQuery, response: { 200: okSchema(page(walletRecord)) } },
        preHandler: guard,
      },
      async (request) => ok(await wallet.records.list(memberId(request), request.query)),
    );

    // Site: /user/transactionDetail.
    app.get(
      walletApi.recordDetail,
      {
        schema: { tags: ['wallet'], querystring: idQuery, response: { 200: okSchema(walletRecordDetail) } },
        preHandler: guard,
      },
      async (request) => ok(await wallet.records.detail(memberId(request), BigInt(request.query.id))),
    );
  };
}
