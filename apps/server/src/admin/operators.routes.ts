import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { currentOperator, operatorActor } from '../http/request-context';

/**
 * The console's operators page (admins) and 我的安全 (every operator). Who may call each is its line in
 * ENDPOINT_ACCESS, checked by endpoint-route.ts before these handlers; the service checks the admin calls again.
 */
export function operatorsRoutes(container: Container): FastifyPluginAsyncZod {
  const { operators } = container;
  const tags = { tags: ['admin'] };
  return async (app) => {
    route(app, 'adminOperators', tags, async (request) =>
      ok(await operators.list(operatorActor(request), request.query)),
    );
    route(app, 'adminOperatorCreate', tags, async (request) =>
      ok(await operators.create(operatorActor(request), request.body)),
    );
    route(app, 'adminOperatorRole', tags, async (request) =>
      ok(await operators.setRole(operatorActor(request), BigInt(request.params.id), request.body.role)),
    );
    route(app, 'adminOperatorStatus', tags, async (request) =>
      ok(await operators.setStatus(operatorActor(request), BigInt(request.params.id), request.body.status)),
    );
    route(app, 'adminOperatorOtpReset', tags, async (request) =>
      ok(await operators.resetOtp(operatorActor(request), BigInt(request.params.id))),
    );
    route(app, 'adminOperatorSessions', tags, async (request) =>
      ok(await operators.sessions(operatorActor(request), BigInt(request.params.id))),
    );
    route(app, 'adminOperatorSessionRevoke', tags, async (request) =>
      ok(
        await operators.revokeSession(
          operatorActor(request),
          BigInt(request.params.id),
          BigInt(request.params.sessionId),
        ),
      ),
    );
    route(app, 'adminMyOtpStart', tags, async (request) => ok(await operators.startOtp(operatorActor(request))));
    route(app, 'adminMyOtpConfirm', tags, async (request) =>
      ok(await operators.confirmOtp(operatorActor(request), request.body.code)),
    );
    route(app, 'adminMyOtpDisable', tags, async (request) =>
      ok(await operators.disableOtp(operatorActor(request), request.body.code)),
    );
    route(app, 'adminMySessions', tags, async (request) => ok(await operators.mySessions(currentOperator(request))));
    route(app, 'adminMySessionRevoke', tags, async (request) =>
      ok(await operators.revokeMySession(operatorActor(request), BigInt(request.params.id))),
    );
  };
}
