import { z } from 'zod';
import { idParams } from '../admin';
import { CASINO_BET_STATUSES, VENDOR_BET_STATUSES } from '../casino';
import type { EndpointSpec } from '../endpoint-spec';
import { BET_STATUSES } from '../sports-vocabulary';
import { DEPOSIT_STATUSES, operatorReason, WITHDRAW_STATUSES } from '../wallet';

/**
 * The members desk's calls (members.paths.ts): the members list and a member's whole picture. Lists take `page`
 * (1-based), `pageSize` (at most 100) and `sort` (`field` or `-field`) in the query and answer `{ rows, total }`.
 */

const money = z.string().describe('decimal string at scale 4, e.g. "100.0000"');

/** A member's status: `disabled` is a locked member (cannot sign in). */
export const MEMBER_STATUSES = ['active', 'disabled'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** The members list's sort fields: registration time, main balance, last sign-in, VIP level. */
export const MEMBER_SORT_FIELDS = ['registered', 'balance', 'lastSignIn', 'vip'] as const;
export type MemberSortField = (typeof MEMBER_SORT_FIELDS)[number];
const memberSorts = MEMBER_SORT_FIELDS.flatMap((field) => [field, `-${field}`] as const);

/** A search box: trimmed, an empty one is no filter. */
const searchText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

const instant = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || !Number.isNaN(Date.parse(value)), { error: 'DATE_INVALID' })
  .transform((value) => (value ? new Date(value).toISOString() : undefined));

const page = z.coerce.number<string | number>().int().min(1).max(100_000).default(1);
const pageSize = (fallback: number) => z.coerce.number<string | number>().int().min(1).max(100).default(fallback);

export const memberSearchListQuery = z.object({
  page,
  pageSize: pageSize(20),
  sort: z.enum(memberSorts as [string, ...string[]]).default('-registered'),
  /** The start of the account (accounts are lower-case). */
  account: searchText(32).transform((value) => value?.toLowerCase()),
  /** The phone number without its area code, exactly. */
  phone: searchText(20),
  /** The start of the real name. */
  realName: searchText(30),
  /** The member's own invite code, exactly. */
  inviteCode: searchText(16).transform((value) => value?.toUpperCase()),
  /** A device id the member signed in or registered on, exactly. */
  deviceNo: searchText(200),
  status: z
    .enum(['', ...MEMBER_STATUSES], { error: 'STATUS_UNKNOWN' })
    .optional()
    .transform((value) => value || undefined),
  vipLevel: z
    .union([z.literal(''), z.coerce.number<string | number>().int().min(0).max(99)])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  registeredFrom: instant,
  registeredTo: instant,
});
export type MemberSearchListQuery = z.input<typeof memberSearchListQuery>;

export const memberListRow = z.object({
  id: z.string(),
  account: z.string(),
  realName: z.string(),
  phoneArea: z.string(),
  phone: z.string(),
  inviteCode: z.string(),
  vipLevel: z.number().int(),
  status: z.enum(MEMBER_STATUSES),
  /** The main wallet. */
  balance: money,
  registeredAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type MemberListRow = z.infer<typeof memberListRow>;

export const memberList = z.object({ rows: z.array(memberListRow), total: z.number().int() });
export type MemberList = z.infer<typeof memberList>;

export const memberProfile = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  realName: z.string(),
  phoneArea: z.string(),
  phone: z.string(),
  email: z.string(),
  inviteCode: z.string(),
  inviter: z.object({ id: z.string(), account: z.string() }).nullable(),
  vipLevel: z.number().int(),
  status: z.enum(MEMBER_STATUSES),
  lockedAt: z.string().nullable(),
  lockReason: z.string(),
  registeredAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** Sessions signed in now (not ended, not expired). */
  liveSessions: z.number().int(),
  accounts: z.array(z.object({ kind: z.string(), balance: money })),
  turnover: z.object({ required: money, wagered: money }),
});
export type MemberProfile = z.infer<typeof memberProfile>;

const pagedQuery = z.object({ page, pageSize: pageSize(20) });

export const memberLedgerRow = z.object({
  id: z.string(),
  /** The member's account the entry is on (main, frozen, in_play, ...). */
  account: z.string(),
  code: z.string(),
  amount: money,
  balanceAfter: money,
  reference: z.string(),
  memo: z.string(),
  createdAt: z.string(),
});
export const memberLedgerPage = z.object({ rows: z.array(memberLedgerRow), total: z.number().int() });
export type MemberLedgerRow = z.infer<typeof memberLedgerRow>;

export const MEMBER_BET_PRODUCTS = ['sports', 'casino', 'vendor'] as const;
export type MemberBetProduct = (typeof MEMBER_BET_PRODUCTS)[number];
export const memberBetsQuery = pagedQuery.extend({
  product: z.enum(MEMBER_BET_PRODUCTS, { error: 'STATUS_UNKNOWN' }).default('sports'),
});
/** Every status a member's bet can have: our book's, our tables' and the vendors' (a word shared means the same). */
export type MemberBetStatus =
  | (typeof BET_STATUSES)[number]
  | (typeof CASINO_BET_STATUSES)[number]
  | (typeof VENDOR_BET_STATUSES)[number];
export const MEMBER_BET_STATUSES = [
  ...new Set<MemberBetStatus>([...BET_STATUSES, ...CASINO_BET_STATUSES, ...VENDOR_BET_STATUSES]),
] as [MemberBetStatus, ...MemberBetStatus[]];
export const memberBetRow = z.object({
  id: z.string(),
  product: z.enum(MEMBER_BET_PRODUCTS),
  /** The bet type (sports), table (casino) or platform and game (vendor). */
  game: z.string(),
  stake: money,
  /** Null until settled. */
  payout: money.nullable(),
  valid: money,
  status: z.enum(MEMBER_BET_STATUSES),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export const memberBetsPage = z.object({ rows: z.array(memberBetRow), total: z.number().int() });
export type MemberBetRow = z.infer<typeof memberBetRow>;

export const MEMBER_PAYMENT_KINDS = ['deposit', 'withdrawal'] as const;
export type MemberPaymentKind = (typeof MEMBER_PAYMENT_KINDS)[number];
export const memberPaymentsQuery = pagedQuery.extend({
  kind: z.enum(MEMBER_PAYMENT_KINDS, { error: 'STATUS_UNKNOWN' }).default('deposit'),
});
/** A deposit order's or a withdrawal's status (the two sets share no word). */
export type MemberPaymentStatus = (typeof DEPOSIT_STATUSES)[number] | (typeof WITHDRAW_STATUSES)[number];
export const MEMBER_PAYMENT_STATUSES = [...DEPOSIT_STATUSES, ...WITHDRAW_STATUSES] as [
  MemberPaymentStatus,
  ...MemberPaymentStatus[],
];
export const memberPaymentRow = z.object({
  id: z.string(),
  kind: z.enum(MEMBER_PAYMENT_KINDS),
  amount: money,
  /** The fee (withdrawals); '0.0000' for deposits. */
  fee: money,
  status: z.enum(MEMBER_PAYMENT_STATUSES),
  /** The deposit channel, or the payout account's kind and last digits. */
  channel: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export const memberPaymentsPage = z.object({ rows: z.array(memberPaymentRow), total: z.number().int() });
export type MemberPaymentRow = z.infer<typeof memberPaymentRow>;

export const memberSignInRow = z.object({
  id: z.string(),
  at: z.string(),
  ip: z.string(),
  area: z.string(),
  device: z.string(),
  deviceKind: z.string(),
});
export const memberSignInsPage = z.object({ rows: z.array(memberSignInRow), total: z.number().int() });
export type MemberSignInRow = z.infer<typeof memberSignInRow>;

export const MEMBER_LINK_KINDS = ['device', 'phone', 'card'] as const;
export type MemberLinkKind = (typeof MEMBER_LINK_KINDS)[number];
export const memberLinks = z.object({
  devices: z.array(z.object({ deviceNo: z.string(), firstSeenAt: z.string(), sharedWith: z.number().int() })),
  links: z.array(
    z.object({
      memberId: z.string(),
      account: z.string(),
      status: z.enum(MEMBER_STATUSES),
      via: z.enum(MEMBER_LINK_KINDS),
      /** The shared device id, phone number or payout account number. */
      value: z.string(),
    }),
  ),
});
export type MemberLinks = z.infer<typeof memberLinks>;

export const memberNoteRow = z.object({
  id: z.string(),
  body: z.string(),
  operator: z.string(),
  createdAt: z.string(),
});
export const memberNotesPage = z.object({ rows: z.array(memberNoteRow), total: z.number().int() });
export type MemberNoteRow = z.infer<typeof memberNoteRow>;
export const memberNoteBody = z.object({
  body: z
    .string({ error: 'NOTE_INVALID' })
    .trim()
    .min(2, { error: 'NOTE_INVALID' })
    .max(500, { error: 'NOTE_INVALID' }),
});

export const memberLockBody = z.object({ reason: operatorReason });
export const memberLockState = z.object({
  status: z.enum(MEMBER_STATUSES),
  /** How many sessions this call ended. */
  endedSessions: z.number().int(),
});
export type MemberLockState = z.infer<typeof memberLockState>;

/** The entries of members.paths.ts's calls in the endpoint table. */
export const membersConsoleEndpoints = {
  adminMemberSearch: { method: 'GET', query: memberSearchListQuery, response: memberList },
  adminMemberProfile: { method: 'GET', params: idParams, response: memberProfile },
  adminMemberLedger: { method: 'GET', params: idParams, query: pagedQuery, response: memberLedgerPage },
  adminMemberBets: { method: 'GET', params: idParams, query: memberBetsQuery, response: memberBetsPage },
  adminMemberPayments: { method: 'GET', params: idParams, query: memberPaymentsQuery, response: memberPaymentsPage },
  adminMemberSignIns: { method: 'GET', params: idParams, query: pagedQuery, response: memberSignInsPage },
  adminMemberLinks: { method: 'GET', params: idParams, response: memberLinks },
  adminMemberNotes: { method: 'GET', params: idParams, query: pagedQuery, response: memberNotesPage },
  adminMemberAddNote: { method: 'POST', params: idParams, body: memberNoteBody, response: memberNoteRow },
  adminMemberLock: { method: 'POST', params: idParams, body: memberLockBody, response: memberLockState },
  adminMemberUnlock: { method: 'POST', params: idParams, body: memberLockBody, response: memberLockState },
  adminMemberEndSessions: { method: 'POST', params: idParams, body: memberLockBody, response: memberLockState },
} satisfies Record<string, EndpointSpec>;
