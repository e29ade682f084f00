import path from 'node:path';
import { OPERATOR_TOPIC_ACCESS, OPERATOR_TOPICS, rolesOf } from '@jinb/contract';
import type { FastifyBaseLogger } from 'fastify';
import { createAdminService } from './admin/admin.service';
import { createApprovalService } from './admin/approval.service';
import { createOperatorsService } from './admin/operators.service';
import { createOtpSealer } from './admin/otp';
import { createAgentService } from './agent/agent.service';
import { createAnalyticsService } from './analytics/analytics.service';
import { createAuthService } from './auth/auth.service';
import { createCaptchaService } from './auth/captcha.service';
import { createLoginLimiter } from './auth/login-limiter';
import { loadPasswordCipher } from './auth/rsa-keys';
import { createSessionService } from './auth/session.service';
import { createVerificationService } from './auth/verification.service';
import { createCasinoServices } from './casino/casino.container';
import type { Config } from './config/config';
import { createContentService } from './content/content.service';
import { createContentAdmin } from './content/content-admin.service';
import { phoneAllowed } from './content/phone-areas';
import { type DatabaseHandle, openDatabase } from './db/database';
import { createFeedbackServices } from './feedback/feedback.container';
import { createGamesServices } from './games/games.container';
import { createPresenceStore } from './games/presence';
import { createVendorRegistry } from './games/vendors/vendor-registry';
import { createHelpServices } from './help/help.container';
import { createHelpLookup } from './help/help-lookup';
import { createPurgeService } from './housekeeping/purge.service';
import { createMemberService } from './member/member.service';
import { createMessageServices } from './messages/messages.container';
import { createMetrics } from './metrics/metrics';
import { createOutboxNotifier, createProviderNotifier, type Notifier } from './notify/notifier';
import { createClaimQueuePublisher } from './promotions/claim-queue';
import { createCodesService } from './promotions/codes.service';
import { createPromotionsService } from './promotions/promotions.service';
import { createProtectionGate } from './protection/gate/protection-gate';
import { createProtectionServices } from './protection/protection.container';
import { createBalancePush } from './realtime/balance-push';
import { createRealtimeHub } from './realtime/realtime-hub';
import { createRedisTopicLog } from './realtime/redis-topic-log';
import { createMemoryTopicLog } from './realtime/topic-log';
import { createSecurityServices } from './security/security.container';
import { type Clock, systemClock } from './shared/clock';
import { createLocalBus, createRedisBus, type InvalidationBus } from './shared/invalidation-bus';
import { createLimits, type LimitRule, type Limits } from './shared/limits';
import { hmac } from './shared/tokens';
import { createSportsServices } from './sports/sports.container';
import { createSupportServices } from './support/support.container';
import { createTaskServices } from './tasks/tasks.container';
import { createUploadService } from './uploads/upload.service';
import { createVipPayoutsService } from './vip/payouts/payouts.service';
import { createVipService } from './vip/vip.service';
import { createBonusService } from './wallet/bonus/bonus.service';
import { createCardsService } from './wallet/cards/cards.service';
import { createDepositService } from './wallet/deposit/deposit.service';
import { createMoneyDeskService } from './wallet/desk/money-desk.service';
import { createMoneyQueuePublisher } from './wallet/desk/money-queues';
import { createWalletAdminService } from './wallet/desk/wallet-admin.service';
import { createLedgerService } from './wallet/ledger/ledger.service';
import { createRecordsService } from './wallet/records/records.service';
import { createVenueTransferService } from './wallet/venues/venue-transfer.service';
import { houseVenue, type VenueWallet } from './wallet/venues/venue-wallet';
import { createWalletRulesCache } from './wallet/wallet-settings';
import { createWithdrawService } from './wallet/withdraw/withdraw.service';
import { createWithdrawPasswordService } from './wallet/withdraw/withdraw-password.service';

/** Everything a request handler may call, wired once per process. */
export type Container = Awaited<ReturnType<typeof createContainer>>;

export async function createContainer(
  config: Config,
  log: FastifyBaseLogger,
  overrides: {
    database?: DatabaseHandle;
    limits?: Limits;
    bus?: InvalidationBus;
    notifier?: Notifier;
    /** Venues next to the in-house one instead of the configured transfer vendors (tests plug a simulated one in). */
    venues?: VenueWallet[];
    /** The time the protection rules see (tests move it forward to pass a 24-hour wait). */
    clock?: Clock;
  } = {},
) {
  const database =
    overrides.database ??
    (config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, pool: config.database, log })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite'), log }));
  const { db } = database;
  const clock = overrides.clock ?? systemClock;
  const limits = overrides.limits ?? createLimits({ redisUrl: config.redisUrl, prefix: config.redisPrefix, log });
  const bus =
    overrides.bus ??
    (config.redisUrl ? createRedisBus(config.redisUrl, log, `${config.redisPrefix}invalidate`) : createLocalBus());
  const notifier =
    overrides.notifier ??
    (config.mode === 'production' && config.smsWebhook && config.smtpUrl
      ? createProviderNotifier({ smsWebhook: config.smsWebhook, smtpUrl: config.smtpUrl, mailFrom: config.mailFrom })
      : createOutboxNotifier(db, log));

  const cipher = loadPasswordCipher({ pem: config.rsaPrivateKeyPem, dataDir: config.dataDir });
  const captcha = createCaptchaService(db, { fixedAnswer: config.demo.captcha });
  const verification = createVerificationService({ db, notifier, limits, secret: config.secret });
  const sessions = createSessionService({ db, config: config.session, bus });

  // The realtime channel (/ws): this process's sockets; versions and history in Redis when processes share it.
  const sessionLookups: LimitRule | undefined =
    config.readLimit.addressPoints > 0
      ? {
          name: 'read-session-lookup',
          points: config.readLimit.addressPoints,
          durationS: config.readLimit.windowS,
          blockInMemory: true,
        }
      : undefined;
  const realtime = createRealtimeHub({
    log: config.redisUrl
      ? createRedisTopicLog(config.redisUrl, { prefix: config.realtime.redisPrefix, log })
      : createMemoryTopicLog(),
    sessions: {
      // A token this process does not know costs a lookup, limited per address as for reads over HTTP (read-limit.ts
      // counts the same rule): an address may try, and is charged only when the token belongs to nobody.
      // A withdrawal-only session (issue 26) gets no socket: it has nothing to follow live.
      async identify(token, ip) {
        const known = sessions.known(token);
        if (known !== undefined) return known.scope === 'full' ? known.memberId : null;
        if (sessionLookups) await limits.check(sessionLookups, ip);
        const session = await sessions.authenticate(token, { rotate: false });
        if (!session && sessionLookups) await limits.consume(sessionLookups, ip);
        return session?.scope === 'full' ? session.memberId : null;
      },
      // A chat guest's token is signed: no lookup (issue 25).
      async identifyGuest(token) {
        return support.members.guestOf(token);
      },
      // Operators: the topics their role's groups allow (OPERATOR_TOPIC_ACCESS); a made-up token costs a lookup.
      async identifyOperator(token, ip) {
        if (sessionLookups) await limits.check(sessionLookups, ip);
        const operator = await admin.authenticate(token);
        if (!operator && sessionLookups) await limits.consume(sessionLookups, ip);
        if (!operator) return null;
        const topics = OPERATOR_TOPICS.filter((topic) => rolesOf(OPERATOR_TOPIC_ACCESS[topic]).includes(operator.role));
        return { id: operator.id, topics };
      },
    },
    logger: log,
    limits: {
      maxSockets: config.realtime.maxSockets,
      maxSocketsPerAddress: config.realtime.maxSocketsPerAddress,
      heartbeatMs: config.realtime.heartbeatMs,
    },
  });
  // The inbox (issue 24) before the modules that send system messages: they write them in their own transactions.
  const ledger = createLedgerService(db);
  const messages = createMessageServices({ db, ledger, publisher: realtime, timeZone: config.timeZone, logger: log });
  // One member sign-in limiter: a wrong password at a step-up check counts as one at sign-in (issue 25).
  const memberLimiter = createLoginLimiter(limits, 'member');
  const security = createSecurityServices({ db, cipher, verification, limiter: memberLimiter });
  // Player protection (issue 26): limits, exclusions and the withdrawal-only session; before sign-in, which asks it.
  const protection = createProtectionServices({
    db,
    clock,
    timeZone: config.timeZone,
    cipher,
    limiter: memberLimiter,
    sessions,
    ledger,
    loginHistory: security.history,
  });
  const auth = createAuthService({
    db,
    cipher,
    captcha,
    verification,
    sessions,
    limiter: memberLimiter,
    loginHistory: security.history,
    signIn: protection.signIn,
    phoneAllowed,
    messages: messages.system,
  });
  // External game vendors (before the wallet: a transfer vendor is one of its venues) and who plays what (heartbeat).
  const vendors = createVendorRegistry({ vendors: config.vendors, db, bus });
  await vendors.start();
  const presence = createPresenceStore({ redisUrl: config.redisUrl, prefix: config.realtime.redisPrefix });
  const members = createMemberService({
    db,
    verification,
    limits,
    bus,
    notifier,
    phoneAllowed,
    presence,
    messages: messages.system,
  });
  const analytics = createAnalyticsService({ db, secret: config.secret, timeZone: config.timeZone });
  const otpSealer = createOtpSealer(config.secret);
  const admin = createAdminService({
    db,
    limiter: createLoginLimiter(limits, 'operator'),
    captcha,
    settings: config.operator,
    sealer: otpSealer,
  });
  const operators = createOperatorsService({ db, settings: config.operator, sealer: otpSealer });
  const uploads = createUploadService({ dir: path.join(config.dataDir, 'uploads'), maxBytes: config.uploadMaxBytes });

  const gatewaySecret = config.gatewaySecret ?? hmac(config.secret, 'payment-gateway');
  const rules = createWalletRulesCache(db, bus);
  const withdrawPassword = createWithdrawPasswordService({ db, rules, cipher, limits, verification, bus });
  // Player protection gate: the member's limits and exclusions, checked inside every path where money moves.
  const gate = createProtectionGate({ clock, timeZone: config.timeZone });
  // The money desk's live queues (issue 27): what enters or leaves them, on the operators' `money` topic.
  const moneyQueues = createMoneyQueuePublisher(realtime);
  const deposits = createDepositService({
    db,
    ledger,
    rules,
    gatewaySecret,
    messages: messages.system,
    gate,
    queues: moneyQueues,
  });
  const venues = createVenueTransferService({
    db,
    ledger,
    gate,
    venues: [houseVenue, ...(overrides.venues ?? vendors.transferVendors().map((vendor) => vendor.venue))],
  });
  // Four-eyes requests; each feature registers the actions it lets a second operator carry out.
  const approvals = createApprovalService({
    db,
    transaction: ledger.transaction,
    decided: (approval) => moneyQueues.changed('approvals', approval.id, approval.status),
  });
  const wallet = {
    ledger,
    withdrawPassword,
    deposits,
    venues,
    cards: createCardsService({ db, rules, ledger, withdrawPassword, bus }),
    withdrawals: createWithdrawService({
      db,
      rules,
      ledger,
      withdrawPassword,
      timeZone: config.timeZone,
      messages: messages.system,
      queues: moneyQueues,
    }),
    records: createRecordsService({ db, ledger, venues, timeZone: config.timeZone }),
    admin: createWalletAdminService({
      db,
      rules,
      ledger,
      deposits,
      approvals,
      timeZone: config.timeZone,
      queues: moneyQueues,
    }),
    desk: createMoneyDeskService({ db, withdrawSlaMinutes: config.withdrawSlaMinutes }),
    // Rewards (issue 23): every programme credits through it.
    bonus: createBonusService({ db, ledger, timeZone: config.timeZone, messages: messages.system, gate }),
    gatewaySecret,
  };

  const balancePush = createBalancePush({ read: ledger.mainBalances, publisher: realtime, logger: log });
  ledger.onMainMoved(balancePush.moved);
  // A sign-out or a password change anywhere closes that member's sockets here too. The bus runs its listeners inside
  // the publisher's call, so nothing here may throw, whatever a message carries.
  bus.subscribe((message) => {
    if (message.kind === 'member' && /^\d{1,19}$/.test(String(message.memberId)))
      realtime.recheckMember(BigInt(message.memberId));
  });
  const sports = createSportsServices({
    db,
    ledger,
    bus,
    realtime,
    timeZone: config.timeZone,
    secret: config.secret,
    log,
    gate,
  });

  const casino = createCasinoServices({ db, ledger, realtime, timeZone: config.timeZone, log, gate });
  const games = createGamesServices({
    db,
    ledger,
    venues,
    vendors,
    presence,
    houseTables: casino.tables,
    timeZone: config.timeZone,
    log,
    gate,
  });
  const content = createContentService(db, games.launch, bus);
  // Operator content (issue 24): announcements, banners, news, sponsorships, texts per language.
  const contentAdmin = createContentAdmin({ db, bus, timeZone: config.timeZone });
  // VIP payouts (issue 23): the rebate, wages and birthday bonus jobs and their claims, paid through wallet.bonus.
  const vipPayouts = createVipPayoutsService({ db, ledger, bonus: wallet.bonus, timeZone: config.timeZone });
  // Tasks (issue 23): the task centre, activity points and sign-in, paid through wallet.bonus.
  const tasks = createTaskServices({ db, ledger, bonus: wallet.bonus, timeZone: config.timeZone });
  // Promotions (issue 23): activities' claims and applications, redemption codes, paid through wallet.bonus.
  const promotions = {
    promotions: createPromotionsService({
      db,
      ledger,
      bonus: wallet.bonus,
      timeZone: config.timeZone,
      queue: createClaimQueuePublisher(realtime),
    }),
    codes: createCodesService({ db, ledger, bonus: wallet.bonus, timeZone: config.timeZone }),
  };
  // VIP levels (issue 23): standing, upgrade bonuses through wallet.bonus, the monthly review.
  const vip = createVipService({
    db,
    ledger,
    bonus: wallet.bonus,
    rules,
    timeZone: config.timeZone,
    messages: messages.system,
    gate,
  });
  // The agent programme (issue 24): invite links, the downline, commission per period through wallet.bonus.
  const agent = createAgentService({ db, ledger, bonus: wallet.bonus, timeZone: config.timeZone });
  // The customer-service chat (issue 25): the hub hands it the chat frames of /ws.
  const support = createSupportServices({
    db,
    publisher: realtime,
    deskOperators: () => realtime.deskOperators(),
    help: createHelpLookup(db),
    limits,
    secret: config.secret,
    timeZone: config.timeZone,
    uploadsDir: uploads.dir,
    ledger,
    deposits,
    withdrawals: wallet.withdrawals,
    messages: messages.system,
    logger: log,
  });
  realtime.attachChat(support.socket);

  // What Prometheus reads at /metrics (issue 28).
  const metrics = createMetrics({
    database,
    redisReady: () => limits.redisReady(),
    realtime: () => realtime.stats(),
    withdrawSlaMinutes: config.withdrawSlaMinutes,
    ledgerCheck: () => wallet.admin.ledgerCheck(),
    log,
  });

  return {
    config,
    metrics,
    wallet,
    casino,
    vipPayouts,
    promotions,
    tasks,
    vip,
    messages,
    // Feedback (issue 25): a reply writes the member's inbox message in its own transaction.
    feedback: createFeedbackServices({ db, uploads, messages: messages.system, timeZone: config.timeZone }),
    agent,
    support,
    security,
    protection,
    games,
    sports,
    realtime,
    approvals,
    database,
    db,
    limits,
    bus,
    cipher,
    captcha,
    verification,
    sessions,
    auth,
    members,
    content,
    contentAdmin,
    // The help centre and tutorials (issue 25); `help.lookup` answers the chat's quick questions.
    help: createHelpServices(db, bus),
    analytics,
    admin,
    operators,
    uploads,
    purge: createPurgeService(db),
    async close() {
      await metrics.close();
      // Requests whose client has gone may still be moving money: let them finish before the database goes.
      await ledger.drain(15_000);
      balancePush.close();
      messages.push.close();
      await realtime.close();
      await support.close();
      await games.close();
      await bus.close();
      await limits.close();
      await database.close();
    },
  };
}
