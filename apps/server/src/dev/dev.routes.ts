import { randomBytes } from 'node:crypto';
import { parseAmount } from '@jinb/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { currentMember, requireMember } from '../http/request-context';
import { signGatewayCallback } from '../wallet/deposit/deposit.service';

/**
 * Demo-mode helpers for scripts and tests. Registered only in demo mode, so in production these paths are 404.
 */
export function devRoutes(container: Container): FastifyPluginAsyncZod {
  return async (app) => {
    // Scripts and e2e tests: the latest SMS/e-mail codes sent to a phone (+86138...) or e-mail address.
    route(app, 'devOutbox', { tags: ['dev'] }, async (request) => {
      const to = request.query.to.trim();
      // Accept a bare national number too: try it as given, then with the default +86.
      const direct = await container.admin.outbox(to.startsWith('+') || to.includes('@') ? to : `+${to}`);
      return ok(
        direct.length || to.startsWith('+') || to.includes('@') ? direct : await container.admin.outbox(`+86${to}`),
      );
    });

    // Site (demo mode): "simulate payment" on /finance/deposit/info. Bank and Alipay orders go through the
    // simulated gateway's signed callback; USDT orders through the simulated chain watcher. Same code paths as real.
    route(app, 'devSimulatePayment', { tags: ['dev'], preHandler: requireMember(container) }, async (request) => {
      const { deposits } = container.wallet;
      const order = await deposits.order(currentMember(request).memberId, BigInt(request.body.id));
      if (order.kind === 'usdt_trc20' || order.kind === 'usdt_erc20') {
        const parsed = parseAmount(order.coinAmount ?? '0');
        const txid = randomBytes(32).toString('hex');
        const network = order.kind === 'usdt_trc20' ? 'TRC20' : 'ERC20';
        return ok((await deposits.chainTransferSeen(network, parsed.ok ? parsed.value : 0n, txid)) ?? order);
      }
      const payload = {
        orderId: order.id,
        amount: order.payAmount,
        reference: `SIM${randomBytes(8).toString('hex')}`,
        status: 'paid' as const,
      };
      return ok(
        await deposits.gatewayCallback({
          ...payload,
          sign: signGatewayCallback(container.wallet.gatewaySecret, payload),
        }),
      );
    });
  };
}
