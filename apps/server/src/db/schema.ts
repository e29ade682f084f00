import type { LocalizedTexts } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const members = pgTable(
  'members',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** Stored lower-case: accounts are compared without regard to case. */
    account: text('account').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Set through the wallet's withdraw-password flow; null until the member sets one. */
    withdrawPasswordHash: text('withdraw_password_hash'),
    phoneArea: text('phone_area').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    realName: text('real_name').notNull().default(''),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    inviteCode: text('invite_code').notNull(),
    inviterId: bigint('inviter_id', { mode: 'bigint' }),
    vipLevel: integer('vip_level').notNull().default(0),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** When an operator locked the member (status 'disabled') and why (migration 0034). */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockReason: text('lock_reason').notNull().default(''),
  },
  (table) => [
    uniqueIndex('members_account_key').on(table.account),
    uniqueIndex('members_invite_code_key').on(table.inviteCode),
    uniqueIndex('members_phone_key').on(table.phoneArea, table.phone).where(sql`${table.phone} <> ''`),
    uniqueIndex('members_email_key').on(table.email).where(sql`${table.email} <> ''`),
    check('members_status_check', sql`${table.status} in ('active', 'disabled')`),
    // The console's members search and sorts (migration 0034).
    index('members_account_prefix_idx').on(table.account.op('text_pattern_ops')),
    index('members_real_name_prefix_idx').on(table.realName.op('text_pattern_ops')).where(sql`${table.realName} <> ''`),
    index('members_phone_idx').on(table.phone).where(sql`${table.phone} <> ''`),
    index('members_created_idx').on(table.createdAt, table.id),
    index('members_last_login_idx').on(table.lastLoginAt.desc().nullsLast(), table.id.desc()),
    index('members_vip_idx').on(table.vipLevel, table.id),
    index('members_locked_idx').on(table.id).where(sql`${table.status} <> 'active'`),
  ],
);

/** Operators' notes on a member (the console's member picture, migration 0034); append-only. */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    operatorId: bigint('operator_id', { mode: 'bigint' })
      .notNull()
      .references(() => operators.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('member_notes_member_idx').on(table.memberId, table.id.desc())],
);

/**
 * A member's signed-in session. Only the SHA-256 of the token is stored. On rotation the previous hash stays valid
 * until prev_valid_until so requests already in flight with the old token are not logged out.
 */
export const memberSessions = pgTable(
  'member_sessions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    tokenHash: text('token_hash').notNull(),
    tokenIssuedAt: timestamp('token_issued_at', { withTimezone: true }).notNull().defaultNow(),
    prevTokenHash: text('prev_token_hash'),
    prevValidUntil: timestamp('prev_valid_until', { withTimezone: true }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    deviceNo: text('device_no').notNull().default(''),
    ip: text('ip').notNull().default(''),
    /** 'withdraw': an excluded member's withdrawal-only session (migration 0032). */
    scope: text('scope', { enum: ['full', 'withdraw'] })
      .notNull()
      .default('full'),
  },
  (table) => [
    uniqueIndex('member_sessions_token_key').on(table.tokenHash),
    index('member_sessions_prev_token_idx').on(table.prevTokenHash),
    index('member_sessions_member_idx').on(table.memberId),
  ],
);

/** One live captcha per client key (device id, or IP when a client sends none). */
export const captchas = pgTable('captchas', {
  clientKey: text('client_key').primaryKey(),
  answer: text('answer').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** SMS and e-mail codes: hashed, short-lived, single use, attempt-limited. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('verification_codes_lookup_idx').on(table.channel, table.target, table.purpose)],
);

/** Demo mode's stand-in for the SMS and e-mail providers: what would have been sent. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    purpose: text('purpose').notNull(),
    code: text('code').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('outbox_recipient_idx').on(table.recipient)],
);

export const operators = pgTable(
  'operators',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    account: text('account').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    /** The TOTP secret, sealed with the server's key (admin/otp.ts); null: no second factor. */
    otpSecret: text('otp_secret'),
    /** When the enrolment was confirmed with a code; null while only started. */
    otpConfirmedAt: timestamp('otp_confirmed_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is good once. */
    otpLastStep: bigint('otp_last_step', { mode: 'bigint' }),
  },
  (table) => [
    uniqueIndex('operators_account_key').on(table.account),
    check('operators_role_check', sql`${table.role} in ('admin', 'finance', 'support', 'trader', 'marketing')`),
    check('operators_status_check', sql`${table.status} in ('active', 'disabled')`),
  ],
);

/** Single-use recovery codes of an operator's second factor, hashed (0033). */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'bigint' })
      .notNull()
      .references(() => operators.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('operator_recovery_codes_operator_idx').on(table.operatorId)],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'bigint' })
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (table) => [
    uniqueIndex('operator_sessions_token_key').on(table.tokenHash),
    index('operator_sessions_operator_idx').on(table.operatorId),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'bigint' }).references(() => operators.id),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    detail: jsonb('detail').notNull().default({}),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [index('audit_log_created_idx').on(table.createdAt)],
);

/** What one operator asked for and a second must approve (migration 0006 holds the four-eyes CHECKs). */
export const operatorApprovals = pgTable(
  'operator_approvals',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    action: text('action').notNull(),
    requestKey: text('request_key').notNull(),
    target: text('target').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    requestedBy: bigint('requested_by', { mode: 'bigint' })
      .notNull()
      .references(() => operators.id),
    decidedBy: bigint('decided_by', { mode: 'bigint' }).references(() => operators.id),
    reason: text('reason').notNull().default(''),
    result: jsonb('result'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('operator_approvals_request_key').on(table.requestKey),
    index('operator_approvals_status_idx').on(table.status, table.id),
  ],
);

/** Page views kept in our own database so an operator can count visits without a third party. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    path: text('path').notNull(),
    referrer: text('referrer').notNull().default(''),
    deviceNo: text('device_no').notNull().default(''),
    memberId: bigint('member_id', { mode: 'bigint' }),
    createdAt: createdAt(),
  },
  (table) => [index('page_views_created_idx').on(table.createdAt)],
);

/**
 * A member's money accounts. This issue reads only the main wallet's balance; the ledger that moves money
 * (transfers and entries) arrives with the wallet issue and is the only writer of `balance`.
 */
export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' }).references(() => members.id),
    kind: text('kind').notNull(),
    currency: text('currency').notNull().default('CNY'),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    version: bigint('version', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('wallet_accounts_member_kind_key').on(table.memberId, table.kind),
    uniqueIndex('wallet_accounts_house_kind_key').on(table.kind).where(sql`${table.memberId} is null`),
    index('wallet_accounts_main_balance_idx').on(table.balance, table.memberId).where(sql`${table.kind} = 'main'`),
    check('wallet_accounts_member_balance_check', sql`${table.memberId} is null or ${table.balance} >= 0`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('messages_member_idx').on(table.memberId)],
);

export const banners = pgTable('banners', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  image: text('image').notNull(),
  title: text('title').notNull(),
  link: text('link').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** Texts in the other languages (issue 24; see the contract's localized.ts). */
  i18n: jsonb('i18n').$type<LocalizedTexts>().notNull().default({}),
});

export const notices = pgTable('notices', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  /** Texts in the other languages (issue 24; see the contract's localized.ts). */
  i18n: jsonb('i18n').$type<LocalizedTexts>().notNull().default({}),
});

export const promos = pgTable('promos', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: text('title').notNull(),
  image: text('image').notNull(),
  summary: text('summary').notNull(),
  content: text('content').notNull(),
  startAt: timestamp('start_at', { withTimezone: true }),
  endAt: timestamp('end_at', { withTimezone: true }),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** Texts in the other languages (issue 24; see the contract's localized.ts). */
  i18n: jsonb('i18n').$type<LocalizedTexts>().notNull().default({}),
});

export const news = pgTable('news', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: text('title').notNull(),
  image: text('image').notNull(),
  summary: text('summary').notNull(),
  content: text('content').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  active: boolean('active').notNull().default(true),
  /** Texts in the other languages (issue 24; see the contract's localized.ts). */
  i18n: jsonb('i18n').$type<LocalizedTexts>().notNull().default({}),
});

export const gameGroups = pgTable('game_groups', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  /** Texts in the other languages (issue 24; see the contract's localized.ts). */
  i18n: jsonb('i18n').$type<LocalizedTexts>().notNull().default({}),
});

export const games = pgTable(
  'games',
  {
    id: integer('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => gameGroups.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    gtype: text('gtype').notNull(),
    platform: text('platform').notNull(),
    icon: text('icon').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    playable: boolean('playable').notNull().default(false),
    maintenance: boolean('maintenance').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** Texts in the other languages (issue 24; see the contract's localized.ts). */
    i18n: jsonb('i18n').$type<LocalizedTexts>().notNull().default({}),
  },
  (table) => [index('games_group_idx').on(table.groupId)],
);

/** The configuration dictionary served by member/tree?id=: see the README for what each id holds. */
export const configTree = pgTable(
  'config_tree',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id'),
    code: text('code').notNull(),
    label: text('label').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [index('config_tree_parent_idx').on(table.parentId)],
);

/** Operator-editable site settings (customer-service link, analytics), one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The ledger (see src/wallet/README.md): transfers move a positive amount between two accounts, each writing two
 * entries that sum to zero. Both tables are append-only; a trigger refuses UPDATE and DELETE.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Hash of what the key asked for, so the same key with different parameters is refused. */
    paramsHash: text('params_hash').notNull(),
    code: text('code').notNull(),
    fromAccountId: bigint('from_account_id', { mode: 'bigint' })
      .notNull()
      .references(() => walletAccounts.id),
    toAccountId: bigint('to_account_id', { mode: 'bigint' })
      .notNull()
      .references(() => walletAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    actor: text('actor').notNull(),
    reference: text('reference').notNull().default(''),
    memo: text('memo').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_transfers_idempotency_key').on(table.idempotencyKey),
    index('ledger_transfers_reference_idx').on(table.reference),
    check('ledger_transfers_amount_check', sql`${table.amount} > 0`),
    check('ledger_transfers_accounts_check', sql`${table.fromAccountId} <> ${table.toAccountId}`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => walletAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceBefore: bigint('balance_before', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    accountVersion: bigint('account_version', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountId, table.id),
    index('ledger_entries_transfer_idx').on(table.transferId),
    uniqueIndex('ledger_entries_account_version_key').on(table.accountId, table.accountVersion),
    check('ledger_entries_balance_check', sql`${table.balanceAfter} = ${table.balanceBefore} + ${table.amount}`),
  ],
);

export const depositChannels = pgTable('deposit_channels', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
  maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
  /** Payee details shown on the order: bank account, Alipay account or a USDT receiving address. */
  payee: jsonb('payee').notNull(),
  tips: text('tips').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const depositOrders = pgTable(
  'deposit_orders',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    channelId: text('channel_id')
      .notNull()
      .references(() => depositChannels.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** What the member must pay: the amount plus odd cents for bank transfers, so the payment can be matched. */
    payAmount: bigint('pay_amount', { mode: 'bigint' }).notNull(),
    /** For USDT orders: the coin amount expected (scale 4), at the rate locked when the order was made. */
    coinAmount: bigint('coin_amount', { mode: 'bigint' }),
    remark: text('remark').notNull(),
    payee: jsonb('payee').notNull(),
    status: text('status').notNull().default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    gatewayRef: text('gateway_ref'),
    reason: text('reason').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').notNull().default(''),
  },
  (table) => [
    uniqueIndex('deposit_orders_idempotency_key').on(table.memberId, table.idempotencyKey),
    uniqueIndex('deposit_orders_gateway_ref_key').on(table.gatewayRef),
    index('deposit_orders_member_idx').on(table.memberId, table.id),
    index('deposit_orders_status_idx').on(table.status),
    index('deposit_orders_member_status_idx').on(table.memberId, table.status),
    check('deposit_orders_status_check', sql`${table.status} in ('pending', 'confirmed', 'rejected', 'expired')`),
  ],
);

/**
 * The exact amount each live bank or USDT order expects, unique per scope (`channel:<id>` for a bank account,
 * `chain:TRC20`/`chain:ERC20` for a network): a payment of that amount belongs to that order and no other.
 */
export const depositAmountSlots = pgTable(
  'deposit_amount_slots',
  {
    scope: text('scope').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => depositOrders.id),
    /** The order's expiry plus the grace period for late payments; after it the slot may be taken again. */
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'deposit_amount_slots_pkey', columns: [table.scope, table.amount] }),
    index('deposit_amount_slots_order_idx').on(table.orderId),
  ],
);

/** Payments seen by the chain watcher or on a bank statement; the unmatched ones are the operator's queue. */
export const depositPayments = pgTable(
  'deposit_payments',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    scope: text('scope').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The chain txid or the bank's reference: a payment reported twice is recorded once. */
    reference: text('reference').notNull(),
    status: text('status').notNull(),
    orderId: bigint('order_id', { mode: 'bigint' }).references(() => depositOrders.id),
    /** Why it was not matched automatically. */
    note: text('note').notNull().default(''),
    reason: text('reason').notNull().default(''),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').notNull().default(''),
  },
  (table) => [
    uniqueIndex('deposit_payments_reference_key').on(table.scope, table.reference),
    index('deposit_payments_status_idx').on(table.status, table.id),
    check('deposit_payments_status_check', sql`${table.status} in ('matched', 'unmatched', 'assigned', 'dismissed')`),
    check('deposit_payments_amount_check', sql`${table.amount} > 0`),
  ],
);

export const memberCards = pgTable(
  'member_cards',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    kind: text('kind').notNull(),
    bankCode: text('bank_code').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    branch: text('branch').notNull().default(''),
    holderName: text('holder_name').notNull().default(''),
    accountNo: text('account_no').notNull(),
    network: text('network').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('member_cards_account_key').on(table.memberId, table.kind, table.accountNo),
    uniqueIndex('member_cards_idempotency_key').on(table.memberId, table.idempotencyKey),
    check('member_cards_kind_check', sql`${table.kind} in ('bank', 'alipay', 'usdt')`),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    cardId: bigint('card_id', { mode: 'bigint' })
      .notNull()
      .references(() => memberCards.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull().default(sql`0`),
    status: text('status').notNull().default('unhandled'),
    reason: text('reason').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    handledBy: text('handled_by').notNull().default(''),
  },
  (table) => [
    uniqueIndex('withdrawals_idempotency_key').on(table.memberId, table.idempotencyKey),
    index('withdrawals_member_idx').on(table.memberId, table.id),
    index('withdrawals_status_idx').on(table.status),
    index('withdrawals_paid_idx').on(table.updatedAt).where(sql`${table.status} = 'paid'`),
    check(
      'withdrawals_status_check',
      sql`${table.status} in ('unhandled', 'accepted', 'paid', 'refused', 'cancelled')`,
    ),
  ],
);

/** Money sent to or recalled from a venue; pending until the venue confirms, then exactly one side is final. */
export const venueTransfers = pgTable(
  'venue_transfers',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    venue: text('venue').notNull(),
    direction: text('direction').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('venue_transfers_idempotency_key').on(table.memberId, table.idempotencyKey),
    index('venue_transfers_pending_idx').on(table.memberId, table.id).where(sql`${table.status} = 'pending'`),
    check('venue_transfers_direction_check', sql`${table.direction} in ('in', 'out')`),
    check('venue_transfers_status_check', sql`${table.status} in ('pending', 'confirmed', 'failed')`),
  ],
);

/** How much a member must still wager before withdrawing: each deposit or bonus adds amount x flow multiple. */
export const turnoverRequirements = pgTable('turnover_requirements', {
  memberId: bigint('member_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => members.id),
  required: bigint('required', { mode: 'bigint' }).notNull().default(sql`0`),
  wagered: bigint('wagered', { mode: 'bigint' }).notNull().default(sql`0`),
});

// --- the sportsbook (migration 0011; CHECKs and the expression index live in the SQL) ---------------------------

export const sportsCompetitions = pgTable(
  'sports_competitions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    sport: text('sport').notNull(),
    name: text('name').notNull(),
    feed: text('feed').notNull(),
    feedRef: text('feed_ref').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [uniqueIndex('sports_competitions_feed_feed_ref_key').on(table.feed, table.feedRef)],
);

export const sportsEvents = pgTable(
  'sports_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    competitionId: bigint('competition_id', { mode: 'bigint' })
      .notNull()
      .references(() => sportsCompetitions.id),
    sport: text('sport').notNull(),
    home: text('home').notNull(),
    away: text('away').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('scheduled'),
    feed: text('feed').notNull(),
    feedRef: text('feed_ref').notNull(),
    live: jsonb('live'),
    result: jsonb('result'),
    resultVersion: integer('result_version').notNull().default(0),
    version: bigint('version', { mode: 'bigint' }).notNull().default(sql`1`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sports_events_feed_feed_ref_key').on(table.feed, table.feedRef),
    index('sports_events_status_start_idx').on(table.status, table.startAt),
    index('sports_events_competition_idx').on(table.competitionId, table.startAt),
  ],
);

export const sportsMarkets = pgTable('sports_markets', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  eventId: bigint('event_id', { mode: 'bigint' })
    .notNull()
    .references(() => sportsEvents.id),
  type: text('type').notNull(),
  period: text('period').notNull(),
  line: integer('line'),
  status: text('status').notNull().default('open'),
  settledVersion: integer('settled_version').notNull().default(0),
  sort: integer('sort').notNull().default(0),
});

export const sportsSelections = pgTable(
  'sports_selections',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    marketId: bigint('market_id', { mode: 'bigint' })
      .notNull()
      .references(() => sportsMarkets.id),
    eventId: bigint('event_id', { mode: 'bigint' })
      .notNull()
      .references(() => sportsEvents.id),
    side: text('side').notNull(),
    odds: bigint('odds', { mode: 'bigint' }).notNull(),
    version: integer('version').notNull().default(1),
    outcome: text('outcome'),
  },
  (table) => [
    uniqueIndex('sports_selections_market_id_side_key').on(table.marketId, table.side),
    index('sports_selections_event_idx').on(table.eventId),
  ],
);

export const sportsBets = pgTable(
  'sports_bets',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    idempotencyKey: text('idempotency_key').notNull(),
    paramsHash: text('params_hash').notNull(),
    type: text('type').notNull(),
    system: text('system'),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    lineCount: integer('line_count').notNull(),
    totalStake: bigint('total_stake', { mode: 'bigint' }).notNull(),
    potentialPayout: bigint('potential_payout', { mode: 'bigint' }).notNull(),
    acceptOdds: text('accept_odds').notNull().default('none'),
    status: text('status').notNull().default('open'),
    payout: bigint('payout', { mode: 'bigint' }),
    turnover: bigint('turnover', { mode: 'bigint' }).notNull().default(sql`0`),
    settleCount: integer('settle_count').notNull().default(0),
    needsSettlement: boolean('needs_settlement').notNull().default(false),
    unrecovered: bigint('unrecovered', { mode: 'bigint' }).notNull().default(sql`0`),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sports_bets_member_id_idempotency_key_key').on(table.memberId, table.idempotencyKey),
    index('sports_bets_member_placed_idx').on(table.memberId, table.placedAt.desc(), table.id.desc()),
    index('sports_bets_to_settle_idx').on(table.id).where(sql`${table.needsSettlement}`),
    index('sports_bets_settled_day_idx').on(table.settledAt).where(sql`${table.status} = 'settled'`),
    index('sports_bets_placed_idx').on(table.placedAt, table.memberId).where(sql`${table.status} <> 'refused'`),
  ],
);

export const sportsBetLegs = pgTable(
  'sports_bet_legs',
  {
    betId: bigint('bet_id', { mode: 'bigint' })
      .notNull()
      .references(() => sportsBets.id),
    legNo: integer('leg_no').notNull(),
    selectionId: bigint('selection_id', { mode: 'bigint' })
      .notNull()
      .references(() => sportsSelections.id),
    marketId: bigint('market_id', { mode: 'bigint' })
      .notNull()
      .references(() => sportsMarkets.id),
    eventId: bigint('event_id', { mode: 'bigint' })
      .notNull()
      .references(() => sportsEvents.id),
    odds: bigint('odds', { mode: 'bigint' }).notNull(),
    oddsVersion: integer('odds_version').notNull(),
    outcome: text('outcome'),
  },
  (table) => [
    primaryKey({ columns: [table.betId, table.legNo] }),
    index('sports_bet_legs_market_idx').on(table.marketId),
    index('sports_bet_legs_event_idx').on(table.eventId),
  ],
);

export const sportsPreferences = pgTable('sports_preferences', {
  memberId: bigint('member_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => members.id),
  oddsFormat: text('odds_format').notNull().default('eu'),
  acceptOdds: text('accept_odds').notNull().default('none'),
});
