import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { GUEST_TOKEN_HEADER, HEADER } from '@jinb/contract';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { adminRoutes } from './admin/admin.routes';
import { approvalRoutes } from './admin/approval.routes';
import { operatorsRoutes } from './admin/operators.routes';
import { agentRoutes } from './agent/agent.routes';
import { analyticsRoutes } from './analytics/analytics.routes';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { casinoRoutes } from './casino/casino.routes';
import { casinoAdminRoutes } from './casino/casino-admin.routes';
import type { Container } from './container';
import { contentRoutes } from './content/content.routes';
import { contentAdminRoutes } from './content/content-admin.routes';
import { mediaRoutes } from './content/media.routes';
import { devRoutes } from './dev/dev.routes';
import { feedbackRoutes } from './feedback/feedback.routes';
import { feedbackAdminRoutes } from './feedback/feedback-admin.routes';
import { gamesRoutes } from './games/games.routes';
import { seamlessWalletRoutes } from './games/seamless-wallet.routes';
import { helpRoutes } from './help/help.routes';
import { consoleStatic } from './http/console-static';
import { guardOperatorCalls } from './http/endpoint-route';
import { fail } from './http/envelope';
import { installErrorHandler } from './http/error-handler';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors';
import { createLoadGate, gateLimitsFor, installHealthRoute } from './http/load-shedding';
import { installReadLimit } from './http/read-limit';
import { refuseUnstorableText } from './http/refuse-nul';
import { operatorLoader, readClient, requireOperator } from './http/request-context';
import { createSitePolicy, securityHeaders } from './http/security-headers';
import { memberRoutes } from './member/member.routes';
import { memberAdminRoutes } from './member/member-admin.routes';
import { memberDeskRoutes } from './member-desk/member-desk.routes';
import { messagesRoutes } from './messages/messages.routes';
import { messagesAdminRoutes } from './messages/messages-admin.routes';
import { installMetrics, metricsAccess } from './metrics/metrics.routes';
import { promotionsRoutes } from './promotions/promotions.routes';
import { protectionRoutes } from './protection/protection.routes';
import { protectionAdminRoutes } from './protection/protection-admin.routes';
import { installRealtime } from './realtime/realtime.routes';
import { reportsRoutes } from './reports/reports.routes';
import { securityRoutes } from './security/security.routes';
import { sportsAdminRoutes } from './sports/admin/sports-admin.routes';
import { betsRoutes } from './sports/bets/bets.routes';
import { sportsRoutes } from './sports/book/sports.routes';
import { cashoutRoutes } from './sports/cashout/cashout.routes';
import { supportDeskRoutes, supportRoutes } from './support/support.routes';
import { tasksRoutes } from './tasks/tasks.routes';
import { tasksAdminRoutes } from './tasks/tasks-admin.routes';
import { uploadRoutes } from './uploads/upload.routes';
import { vipPayoutsRoutes } from './vip/payouts/payouts.routes';
import { vipRoutes } from './vip/vip.routes';
import { bonusRoutes } from './wallet/bonus/bonus.routes';
import { depositAdminRoutes } from './wallet/deposit/deposit-admin.routes';
import { walletAdminRoutes } from './wallet/desk/wallet-admin.routes';
import { walletRoutes } from './wallet/wallet.routes';

/** Form and JSON bodies are small; uploads have their own limit. */
const BODY_LIMIT = 64 * 1024;

export async function buildApp(container: Container, options: { logger?: FastifyBaseLogger } = {}) {
  const { config } = container;
  // In front of everything, on the raw request: an overloaded process refuses before doing any work for it (with
  // limits suited to the database: gateLimitsFor).
  const gate = createLoadGate(gateLimitsFor(container.database.kind, config.overload), {
    corsOrigins: config.corsOrigins,
  });
  const app = Fastify({
    serverFactory: gate.serverFactory,
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT,
    frameworkErrors,
    clientErrorHandler,
    // A hop count trusts that many proxies nearest to us, counted from the connection back along X-Forwarded-For.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Behind a proxy its request id (nginx's $request_id in X-Request-Id) names the request in our lines too, so an
    // edge line and a node line join; a client talking to us directly cannot choose the id of its lines.
    requestIdHeader: config.trustProxy === false ? false : 'x-request-id',
    // Lets a load balancer drain a process without cutting requests in flight.
    return503OnClosing: true,
    // Idle keep-alive connections close at once on shutdown; requests in flight still finish.
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Every answer passes its endpoint's response schema on the way out (the contract's endpoint table): a field the
  // contract does not name never leaves, and an answer that breaks the contract is a 500 in the log, not a surprise
  // in the site.
  app.setSerializerCompiler(serializerCompiler);

  app.decorateRequest('client', null as never);
  app.decorateRequest('member', null);
  app.decorateRequest('memberChecked', false);
  app.decorateRequest('operator', null);
  app.decorate('loadOperator', operatorLoader(container));
  guardOperatorCalls(app);
  installMetrics(app, container.metrics, metricsAccess({ token: config.metricsToken, mode: config.mode }));

  app.addHook('onClose', async () => gate.close());
  installHealthRoute(app, container.db);

  // External plugins first.
  const siteIndex = path.join(config.webDist, 'index.html');
  const hasSite = existsSync(siteIndex);
  const sitePolicy = createSitePolicy({
    indexHtml: hasSite ? readFileSync(siteIndex, 'utf8') : '',
    mediaHosts: config.mediaHosts,
    frameHosts: container.games.vendors.frameOrigins(),
    analytics: () => container.content.analyticsConfig(),
    supportLink: async () => (await container.content.supportLinks()).customerService,
  });
  const security = securityHeaders({
    // Ours (createSitePolicy): it allows the operator's analytics hosts, which change while the process runs.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // /home shows the mobile site in an iframe of its own origin.
    frameguard: { action: 'sameorigin' },
  });
  // One hook for what every request needs: who the client is, and the security headers.
  app.addHook('onRequest', (request, reply, done) => {
    request.client = readClient(request);
    // The route's pattern on every line this request logs, beside Fastify's request id.
    // (reply.log too: Fastify's "request completed" line is written through it.)
    if (request.routeOptions.url) {
      request.log = request.log.child({ route: request.routeOptions.url });
      reply.log = request.log;
    }
    reply.headers(security);
    reply.header('content-security-policy', sitePolicy.current());
    done();
  });
  // Before anything else looks at a read: one client must not slow everyone (read-limit.ts).
  installReadLimit(app, container);
  // Same-origin by default (the server serves the site); other origins only when configured, and only then a hook.
  if (config.corsOrigins.length) {
    await app.register(cors, {
      origin: config.corsOrigins,
      exposedHeaders: [HEADER.rotatedToken, HEADER.visitorId],
      allowedHeaders: [
        'content-type',
        'authorization',
        HEADER.d,
        HEADER.lang,
        HEADER.deviceNo,
        HEADER.token,
        HEADER.idempotencyKey,
        GUEST_TOKEN_HEADER,
      ],
    });
  }
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 5 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'jinb member and operator API', version: '1.0.0' },
      components: { securitySchemes: { operator: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  if (config.mode === 'demo') {
    await app.register(swaggerUi, { routePrefix: '/docs' });
  } else {
    // In production the API's map is for operators: the document only with an operator's token, and no public page.
    app.get('/docs/json', { schema: { hide: true }, preHandler: requireOperator(container) }, async () =>
      app.swagger(),
    );
  }

  installErrorHandler(app, { onDatabaseError: () => container.metrics.databaseError() });
  refuseUnstorableText(app);

  // The realtime channel's socket; its refusals (Origin, caps) are plain HTTP answers before the upgrade.
  await installRealtime(app, container.realtime, config.corsOrigins);

  // Then the app's routes.
  await app.register(authRoutes(container));
  await app.register(memberRoutes(container));
  await app.register(memberAdminRoutes(container));
  await app.register(memberDeskRoutes(container));
  await app.register(contentRoutes(container));
  await app.register(contentAdminRoutes(container));
  await app.register(mediaRoutes);
  await app.register(helpRoutes(container));
  await app.register(analyticsRoutes(container));
  await app.register(uploadRoutes(container));
  await app.register(walletRoutes(container));
  await app.register(adminRoutes(container));
  await app.register(operatorsRoutes(container));
  await app.register(approvalRoutes(container));
  await app.register(walletAdminRoutes(container));
  await app.register(depositAdminRoutes(container));
  await app.register(sportsRoutes(container));
  await app.register(betsRoutes(container));
  await app.register(cashoutRoutes(container));
  await app.register(sportsAdminRoutes(container));
  await app.register(casinoRoutes(container));
  await app.register(casinoAdminRoutes(container));
  await app.register(gamesRoutes(container));
  await app.register(seamlessWalletRoutes(container));
  await app.register(bonusRoutes(container));
  await app.register(promotionsRoutes(container));
  await app.register(vipPayoutsRoutes(container));
  await app.register(tasksRoutes(container));
  await app.register(tasksAdminRoutes(container));
  await app.register(vipRoutes(container));
  await app.register(messagesRoutes(container));
  await app.register(feedbackRoutes(container));
  await app.register(feedbackAdminRoutes(container));
  await app.register(messagesAdminRoutes(container));
  await app.register(agentRoutes(container));
  await app.register(supportRoutes(container));
  await app.register(supportDeskRoutes(container));
  await app.register(securityRoutes(container));
  await app.register(protectionRoutes(container));
  await app.register(protectionAdminRoutes(container));
  // The console's figures and the audit log (issue 27).
  await app.register(reportsRoutes(container));
  await app.register(auditRoutes(container));
  if (config.mode === 'demo') await app.register(devRoutes(container));

  // Uploaded images: served with their sniffed type and never as anything executable.
  await app.register(fastifyStatic, {
    root: container.uploads.dir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    maxAge: '30d',
    immutable: true,
    allowedPath: (pathName) => /^\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/.test(pathName),
  });

  // The operator console (apps/console) at /console, with its own policy.
  await app.register(consoleStatic({ dist: config.consoleDist, mediaHosts: config.mediaHosts }));

  if (hasSite) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // /index.html too is the shell below, so every copy of the page carries the current policy. No route of its own
      // here: one that refused it and passed it on left a listener per handler on the response (a warning per request).
      globIgnore: ['index.html', 'index.html.br', 'index.html.gz'],
      allowedPath: (pathName) => pathName !== '/index.html',
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed assets never change; the shell and the service worker must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/uploads/');
    if (!isApi && hasSite && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes (including unknown ones, which the site shows as not found) get the app shell, with the
      // policy as of the analytics setting now: this page is where the tracker scripts run.
      reply.header('content-security-policy', await sitePolicy.refresh());
      return reply.header('cache-control', 'no-cache').sendFile('index.html', config.webDist);
    }
    return reply.code(404).send(fail('NOT_FOUND', request.client?.lang ?? 'zh-CN'));
  });

  return app;
}
