import { parseAmount } from '@jinb/money';
import { z } from 'zod';
import type { EndpointSpec } from './endpoint-spec';
import { localizedTexts } from './localized';
import { rewardGrantsPage, turnoverMultiple } from './rewards';
import { inOrder, recordTime } from './wallet';

/**
 * Tasks, activity points (活跃度) and daily sign-in (issue 23): the calls' schemas and their endpoint-table entries.
 * A task's progress is what the member really did in the task's period (deposits, valid bets, sign-ins, bindings,
 * invited friends who deposited), read by the server each time; nothing here is a counter.
 */

const money = z.string().describe('decimal string at scale 4, e.g. "100.0000"');
const id = z.coerce.string<string | number>().regex(/^\d{1,18}$/, { error: 'TASK_NOT_FOUND' });

/** daily resets at the platform's midnight, weekly on Monday (ISO week), newbie within days of registering, once. */
export const TASK_KINDS = ['daily', 'weekly', 'newbie', 'once'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/**
 * What completes a task. Amount conditions (deposit_amount, valid_bet) compare money at scale 4; the others count:
 * deposits, sign-in days in a row, cards, friends (members the member invited) who made a confirmed deposit;
 * bind_phone and withdraw_password are 1 once done.
 */
export const TASK_CONDITIONS = [
  'deposit_amount',
  'deposit_count',
  'valid_bet',
  'signin',
  'bind_phone',
  'bind_card',
  'withdraw_password',
  'invite_depositor',
] as const;
export type TaskCondition = (typeof TASK_CONDITIONS)[number];

/** The tags the task list filters by: what kind of thing the member does. */
export const TASK_TAGS = ['deposit', 'bet', 'signin', 'account', 'invite'] as const;
export type TaskTag = (typeof TASK_TAGS)[number];

export const TAG_OF: Record<TaskCondition, TaskTag> = {
  deposit_amount: 'deposit',
  deposit_count: 'deposit',
  valid_bet: 'bet',
  signin: 'signin',
  bind_phone: 'account',
  bind_card: 'account',
  withdraw_password: 'account',
  invite_depositor: 'invite',
};

/** Conditions whose target and progress are money. */
export const AMOUNT_CONDITIONS: readonly TaskCondition[] = ['deposit_amount', 'valid_bet'];

export const TASK_STATES = ['doing', 'claimable', 'claimed'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** One task as the member sees it in its current period. */
export const taskView = z.object({
  id: z.string(),
  kind: z.enum(TASK_KINDS),
  condition: z.enum(TASK_CONDITIONS),
  /** valid_bet only: `sports`, `casino` or a vendor's platform code; empty for every venue. */
  category: z.string(),
  tag: z.enum(TASK_TAGS),
  title: z.string(),
  description: z.string(),
  /** Money at scale 4 when `unit` is amount (capped at the target), a whole number otherwise. */
  progress: z.string(),
  target: z.string(),
  unit: z.enum(['amount', 'count']),
  state: z.enum(TASK_STATES),
  reward: money,
  /** The reward's turnover multiple as operators wrote it ("1", "1.5"). */
  multiple: z.string(),
  /** Activity points the claim adds to today's total. */
  points: z.number().int(),
  /** The period the task counts: 2026-11-26, 2026-W48, or `once`. */
  period: z.string(),
});
export type TaskView = z.infer<typeof taskView>;

export const taskGroupView = z.object({
  id: z.enum(TASK_KINDS),
  list: z.array(taskView),
  total: z.number().int(),
  claimable: z.number().int(),
});
export type TaskGroupView = z.infer<typeof taskGroupView>;

/** `list_group` (fixed name): the groups that have tasks, `list` and `total`. */
export const taskGroups = z.object({ list: z.array(taskGroupView), total: z.number().int() });
export type TaskGroups = z.infer<typeof taskGroups>;

/** `list`: one group's tasks, or one tag's, or every task when both are empty. */
export const taskListBody = z.object({
  group: z
    .union([z.enum(TASK_KINDS), z.literal('')], { error: 'BAD_REQUEST' })
    .optional()
    .default(''),
  tag: z
    .union([z.enum(TASK_TAGS), z.literal('')], { error: 'BAD_REQUEST' })
    .optional()
    .default(''),
});
export type TaskListBody = z.input<typeof taskListBody>;
export const taskList = z.object({ list: z.array(taskView), total: z.number().int() });
export type TaskList = z.infer<typeof taskList>;

export const taskTags = z.object({
  list: z.array(z.object({ id: z.enum(TASK_TAGS), total: z.number().int() })),
});

export const CHEST_STATES = ['locked', 'ready', 'opened'] as const;

/** The task centre's head: today's points, the chests, the sign-in strip. */
export const taskContent = z.object({
  day: z.string(),
  points: z.number().int(),
  chests: z.array(
    z.object({
      id: z.string(),
      threshold: z.number().int(),
      reward: money,
      state: z.enum(CHEST_STATES),
    }),
  ),
  signin: z.object({
    signedToday: z.boolean(),
    /** Days in a row up to today (or yesterday, when today is not signed yet). */
    streak: z.number().int(),
    /** The week of the streak: days 1..7, each with its reward. */
    days: z.array(
      z.object({
        day: z.number().int(),
        reward: money,
        state: z.enum(['signed', 'today', 'upcoming']),
      }),
    ),
  }),
  /** Tasks whose reward waits to be claimed. */
  claimable: z.number().int(),
});
export type TaskContent = z.infer<typeof taskContent>;

/** `list/receive` (fixed name) and `active/receive`: which task or chest. */
export const taskIdBody = z.object({ id });

/** What a claim paid. */
export const taskClaimResult = z.object({
  claimed: z.number().int(),
  amount: money,
  points: z.number().int(),
});
export type TaskClaimResult = z.infer<typeof taskClaimResult>;

export const signInResult = z.object({ day: z.string(), streak: z.number().int(), reward: money });
export type SignInResult = z.infer<typeof signInResult>;

/** `member_record`: the spec's date presets (-1 none, 0 today, 1 yesterday, 2 last 7 days, 3 last 30 days) or times. */
export const taskRecordsBody = z
  .object({
    dateType: z.coerce.number<string | number>().int().min(-1).max(3, { error: 'DATE_INVALID' }).optional().default(-1),
    startTime: recordTime,
    endTime: recordTime,
    page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
    size: z.coerce.number<string | number>().int().min(1).max(50).default(20),
  })
  .refine(inOrder, { error: 'DATE_INVALID', path: ['endTime'] });
export type TaskRecordsBody = z.input<typeof taskRecordsBody>;

// --- operators -----------------------------------------------------------------------------------------------

const operatorAmount = z.union([z.string(), z.number()], { error: 'AMOUNT_INVALID' }).transform((value, context) => {
  const parsed = parseAmount(value);
  if (!parsed.ok || parsed.value < 0n) {
    context.addIssue({ code: 'custom', message: 'AMOUNT_INVALID' });
    return z.NEVER;
  }
  return parsed.value;
});

/** A task template. `target` is money for deposit_amount/valid_bet, a whole number otherwise. */
export const adminTaskBody = z.object({
  kind: z.enum(TASK_KINDS, { error: 'BAD_REQUEST' }),
  condition: z.enum(TASK_CONDITIONS, { error: 'BAD_REQUEST' }),
  category: z
    .string()
    .regex(/^[a-z0-9_]{0,32}$/, { error: 'BAD_REQUEST' })
    .optional()
    .default(''),
  title: z.string().trim().min(1).max(60),
  description: z.string().trim().max(200).optional().default(''),
  target: operatorAmount,
  reward: operatorAmount,
  multiple: turnoverMultiple.optional().default(100),
  points: z.coerce.number<string | number>().int().min(0).max(10_000).optional().default(0),
  sort: z.coerce.number<string | number>().int().min(-10_000).max(10_000).optional().default(0),
  active: z.boolean().optional().default(true),
  /** newbie only: shown within this many days of registering (0: always). */
  newbieDays: z.coerce.number<string | number>().int().min(0).max(3650).optional().default(0),
  /** Title and description in the other languages (issue 24); a missing one is converted from the default. */
  i18n: localizedTexts(['title', 'description'], 200),
});
export type AdminTaskBody = z.input<typeof adminTaskBody>;
export type AdminTaskInput = z.output<typeof adminTaskBody>;

export const adminTaskView = z.object({
  id: z.string(),
  kind: z.enum(TASK_KINDS),
  condition: z.enum(TASK_CONDITIONS),
  category: z.string(),
  title: z.string(),
  description: z.string(),
  target: z.string(),
  reward: money,
  multiple: z.string(),
  points: z.number().int(),
  sort: z.number().int(),
  active: z.boolean(),
  newbieDays: z.number().int(),
  updatedAt: z.string(),
  i18n: z.record(z.string(), z.record(z.string(), z.string())),
});

export const adminChestsBody = z.object({
  chests: z
    .array(
      z.object({
        threshold: z.coerce.number<string | number>().int().min(1).max(100_000),
        reward: operatorAmount,
        multiple: turnoverMultiple.optional().default(100),
      }),
    )
    .max(10)
    .refine((list) => new Set(list.map((chest) => chest.threshold)).size === list.length, { error: 'BAD_REQUEST' }),
});
export type AdminChestsBody = z.input<typeof adminChestsBody>;
const adminChestView = z.object({ id: z.string(), threshold: z.number().int(), reward: money, multiple: z.string() });

export const adminSigninBody = z.object({
  /** Day 1..7 of a streak (day 8 is day 1 again). */
  rewards: z.array(operatorAmount).length(7, { error: 'BAD_REQUEST' }),
  multiple: turnoverMultiple.optional().default(100),
});
export type AdminSigninBody = z.input<typeof adminSigninBody>;
const adminSigninView = z.object({ rewards: z.array(money), multiple: z.string() });

export const adminTasksView = z.object({
  tasks: z.array(adminTaskView),
  chests: z.array(adminChestView),
  signin: adminSigninView,
});
export type AdminTasksView = z.infer<typeof adminTasksView>;

const taskIdParams = z.object({ id: z.string().regex(/^\d{1,18}$/, { error: 'TASK_NOT_FOUND' }) });

export const taskEndpoints = {
  taskContent: { method: 'POST', json: true, response: taskContent },
  taskGroups: { method: 'POST', json: true, response: taskGroups },
  taskList: { method: 'POST', json: true, body: taskListBody, response: taskList },
  taskRecords: { method: 'POST', json: true, body: taskRecordsBody, response: rewardGrantsPage },
  taskReceive: { method: 'POST', json: true, body: taskIdBody, response: taskClaimResult },
  taskActiveReceive: { method: 'POST', json: true, body: taskIdBody, response: taskClaimResult },
  taskReceiveAll: { method: 'POST', json: true, response: taskClaimResult },
  taskTags: { method: 'POST', json: true, response: taskTags },
  taskSignIn: { method: 'POST', json: true, response: signInResult },
  adminTasks: { method: 'GET', response: adminTasksView },
  adminTaskCreate: { method: 'POST', json: true, body: adminTaskBody, response: adminTaskView },
  adminTask: { method: 'PUT', json: true, params: taskIdParams, body: adminTaskBody, response: adminTaskView },
  adminTaskChests: { method: 'PUT', json: true, body: adminChestsBody, response: adminTasksView },
  adminTaskSignin: { method: 'PUT', json: true, body: adminSigninBody, response: adminTasksView },
} satisfies Record<string, EndpointSpec>;
