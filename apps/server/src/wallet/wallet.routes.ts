import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { idempotencyKey } from '../http/idempotency-key';
import { currentMember, requireMember } from '../http/request-context';
import { requireStepUp } from '../security/step-up.guard';

export function walletRoutes(container: Container): FastifyPluginAsyncZod {
  const { wallet } = container;
  return async (app) => {
    const guard = requireMember(container);
    const member = { tags: ['wallet'], preHandler: guard };
    // Where a thief would send the money, and the password that lets it leave: a step-up first (issue 25).
    const steppedUp = { tags: ['wallet'], preHandler: [guard, requireStepUp(container)] };
    const memberId = (request: FastifyRequest) => currentMember(request).memberId;

    // Site: /finance/deposit, the channel list.
    route(app, 'depositChannels', member, async () => ok(await wallet.deposits.channels()));

    // Site: /finance/deposit, submit -> an order with payee details, odd-cent amount, remark and expiry.
    route(app, 'deposit', member, async (request) =>
      ok(
        await wallet.deposits.create(memberId(request), idempotencyKey(request), request.body, currentMember(request)),
      ),
    );

    // Site: /finance/deposit/info, the order and its status (polled while the member pays).
    route(app, 'depositOrder', member, async (request) =>
      ok(await wallet.deposits.order(memberId(request), BigInt(request.query.id))),
    );

    // Payment gateway: signed server-to-server callback. Replays change nothing.
    route(app, 'depositCallback', { tags: ['wallet'] }, async (request) =>
      ok(await wallet.deposits.gatewayCallback(request.body)),
    );

    // Site: /setting/wpassword, after a step-up. Changing it also needs the old one or an SMS code.
    route(app, 'withdrawPassword', steppedUp, async (request) => {
      await wallet.withdrawPassword.set(memberId(request), request.body);
      return ok(true);
    });

    // Site: /cards.
    route(app, 'cards', member, async (request) => ok(await wallet.cards.list(memberId(request))));

    // Site: /cards/addBankCard, /cards/addAlipay, /cards/addVirtualCoin.
    route(app, 'bindCard', steppedUp, async (request) =>
      ok(await wallet.cards.bind(memberId(request), idempotencyKey(request), request.body)),
    );

    // Site: /finance/withdraw, limits, remaining today and unmet turnover.
    route(app, 'withdrawInfo', member, async (request) => ok(await wallet.withdrawals.info(memberId(request))));

    // Site: /finance/withdraw, submit. Freezes the amount at once.
    route(app, 'withdraw', member, async (request) =>
      ok(await wallet.withdrawals.create(memberId(request), idempotencyKey(request), request.body)),
    );

    // Site: cancel a withdrawal that is still unhandled.
    route(app, 'withdrawCancel', member, async (request) =>
      ok(await wallet.withdrawals.cancel(memberId(request), BigInt(request.body.id))),
    );

    // Site: /finance/withdraw, the member's recent withdrawals and their states.
    route(app, 'withdrawals', member, async (request) => ok(await wallet.withdrawals.list(memberId(request))));

    // Site: /finance/transfer, main <-> a venue wallet.
    route(app, 'transfer', member, async (request) =>
      ok(
        await wallet.venues.transfer(memberId(request), idempotencyKey(request), request.body, currentMember(request)),
      ),
    );

    // Site: /finance/transfer, "recall all".
    route(app, 'recall', member, async (request) =>
      ok(await wallet.venues.recall(memberId(request), idempotencyKey(request))),
    );

    // Site: /finance/transfer and /finance/myAssets, the venue wallets with balances.
    route(app, 'walletList', member, async (request) =>
      ok(await wallet.venues.wallets(memberId(request), request.query.show)),
    );

    // Site: /finance/myAssets.
    route(app, 'assets', member, async (request) => ok(await wallet.records.assets(memberId(request))));

    // Site: /user/transactionRecord.
    route(app, 'records', member, async (request) => ok(await wallet.records.list(memberId(request), request.query)));

    // Site: /user/transactionDetail.
    route(app, 'recordDetail', member, async (request) =>
      ok(await wallet.records.detail(memberId(request), BigInt(request.query.id))),
    );
  };
}
