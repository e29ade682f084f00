import {
  addDays,
  type DatePreset,
  DEFAULT_LANG,
  dateRangeFor,
  type Lang,
  platformDay,
  type RewardGrantsPage,
  type SignInResult,
  TASK_KINDS,
  TASK_TAGS,
  type TaskClaimResult,
  type TaskContent,
  type TaskGroups,
  type TaskKind,
  type TaskList,
  type TaskTag,
  type TaskView,
} from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import type { Database, Executor } from '../db/database';
import { AppError } from '../shared/app-error';
import { localize } from '../shared/localize';
import type { BonusService } from '../wallet/bonus/bonus.service';
import type { LedgerService } from '../wallet/ledger/ledger.service';
import { periodOf } from './task-periods';
import { progressReader, taskView, visibleTo } from './task-progress';
import { type MemberFacts, type TemplateRow, tasksRepository } from './tasks.repository';

/** The programmes a member's task records list. */
const TASK_PROGRAMMES = 'task,task_points,signin';

type Listed = TaskView & { complete: boolean; template: TemplateRow };

export type TasksService = ReturnType<typeof createTasksService>;

/**
 * The member's task centre: tasks with progress read from the real records, claims paid through the bonus service
 * in the claim's own transaction (the claim row inserted unique first, completion re-checked after it), activity
 * points and their chests, the daily sign-in and its streak.
 */
export function createTasksService(deps: {
  db: Database;
  ledger: LedgerService;
  bonus: BonusService;
  timeZone: string;
  now?: () => Date;
}) {
  const { db, ledger, bonus, timeZone } = deps;
  const now = deps.now ?? (() => new Date());

  async function factsOf(executor: Executor, memberId: bigint): Promise<MemberFacts> {
    const facts = await tasksRepository.memberFacts(executor, memberId);
    if (!facts) throw new AppError('SESSION_EXPIRED');
    return facts;
  }

  /** Every task the member sees now, with progress and state. */
  async function listed(executor: Executor, memberId: bigint, at: Date, lang: Lang = DEFAULT_LANG): Promise<Listed[]> {
    const facts = await factsOf(executor, memberId);
    const templates = (await tasksRepository.templates(executor, { activeOnly: true })).filter((template) =>
      visibleTo(template, facts, at),
    );
    const periods = new Map(TASK_KINDS.map((kind) => [kind, periodOf(kind, at, timeZone).period]));
    const claimed = await tasksRepository.claimed(executor, memberId, [...new Set(periods.values())]);
    const reader = progressReader(executor, memberId, facts, at, timeZone);
    // One after another: inside a transaction the reads share one connection (and each figure is read once anyway).
    const views: Listed[] = [];
    for (const template of templates) {
      const period = periods.get(template.kind) as string;
      const progress = await reader.progressOf(template);
      const shown = localize(template, ['title', 'description'], lang);
      views.push({ ...taskView(shown, progress, claimed.has(`${template.id}:${period}`), period), template });
    }
    return views;
  }

  const strip = ({ template: _template, complete: _complete, ...view }: Listed): TaskView => view;

  /** Pays one claim whose row is already inserted: the reward through the bonus service, the points to today. */
  async function pay(tx: Executor, memberId: bigint, claimId: bigint, template: TemplateRow, period: string) {
    if (template.reward > 0n)
      await bonus.grantIn(tx, {
        memberId,
        programme: 'task',
        reference: `task:${template.id}:${period}`,
        amount: template.reward,
        multiple: template.multiple,
        key: `task:${memberId}:${template.id}:${period}`,
        actor: `member:${memberId}`,
        detail: { title: template.title, period, points: template.points },
      });
    if (template.points > 0)
      await tasksRepository.addPoints(tx, {
        memberId,
        day: platformDay(now(), timeZone),
        points: template.points,
        claimId,
      });
  }

  return {
    /** The task centre's head: today's points, the chests, the sign-in strip, how many rewards wait. */
    async content(memberId: bigint): Promise<TaskContent> {
      const at = now();
      const today = platformDay(at, timeZone);
      const [tasks, points, chests, opened, rewards, signins] = await Promise.all([
        listed(db, memberId, at),
        tasksRepository.pointsOn(db, memberId, today),
        tasksRepository.chests(db),
        tasksRepository.openedChests(db, memberId, today),
        tasksRepository.signinRewards(db),
        tasksRepository.signins(db, memberId, addDays(today, -1)),
      ]);
      const signedToday = signins.find((signin) => signin.day === today);
      const yesterday = signins.find((signin) => signin.day === addDays(today, -1));
      const streak = signedToday?.streak ?? yesterday?.streak ?? 0;
      // Where in the week of rewards the member stands: days already signed in this week, then today.
      const signedInWeek = signedToday ? ((streak - 1) % 7) + 1 : streak % 7;
      return {
        day: today,
        points,
        chests: chests.map((chest) => ({
          id: String(chest.id),
          threshold: chest.threshold,
          reward: formatAmount(chest.reward),
          state: opened.has(chest.threshold) ? 'opened' : points >= chest.threshold ? 'ready' : 'locked',
        })),
        signin: {
          signedToday: Boolean(signedToday),
          streak,
          days: rewards.map((reward) => ({
            day: reward.day,
            reward: formatAmount(reward.reward),
            state:
              reward.day <= signedInWeek
                ? 'signed'
                : !signedToday && reward.day === signedInWeek + 1
                  ? 'today'
                  : 'upcoming',
          })),
        },
        claimable: tasks.filter((task) => task.state === 'claimable').length,
      };
    },

    /** The groups (daily, weekly, newbie, once) that have tasks, each with its tasks. */
    async groups(memberId: bigint, lang: Lang = DEFAULT_LANG): Promise<TaskGroups> {
      const tasks = await listed(db, memberId, now(), lang);
      const list = TASK_KINDS.map((kind) => {
        const mine = tasks.filter((task) => task.kind === kind);
        return {
          id: kind,
          list: mine.map(strip),
          total: mine.length,
          claimable: mine.filter((task) => task.state === 'claimable').length,
        };
      }).filter((group) => group.total > 0);
      return { list, total: list.length };
    },

    /** One group's or one tag's tasks (every task when neither is given). */
    async list(
      memberId: bigint,
      filter: { group: TaskKind | ''; tag: TaskTag | '' },
      lang: Lang = DEFAULT_LANG,
    ): Promise<TaskList> {
      const tasks = (await listed(db, memberId, now(), lang)).filter(
        (task) => (filter.group === '' || task.kind === filter.group) && (filter.tag === '' || task.tag === filter.tag),
      );
      return { list: tasks.map(strip), total: tasks.length };
    },

    /** The tags that have tasks for this member, with how many. */
    async tags(memberId: bigint) {
      const tasks = await listed(db, memberId, now());
      return {
        list: TASK_TAGS.map((tag) => ({ id: tag, total: tasks.filter((task) => task.tag === tag).length })).filter(
          (tag) => tag.total > 0,
        ),
      };
    },

    /**
     * Claims one task's reward: the claim row first (unique per member, task and period: a parallel claim waits on
     * it and then finds it taken), completion checked again inside the transaction, then the reward and the points.
     */
    claim(memberId: bigint, taskId: bigint): Promise<TaskClaimResult> {
      return ledger.transaction(async (tx) => {
        const at = now();
        const template = await tasksRepository.template(tx, taskId);
        const facts = await factsOf(tx, memberId);
        if (!template || !visibleTo(template, facts, at)) throw new AppError('TASK_NOT_FOUND');
        const { period } = periodOf(template.kind, at, timeZone);
        const claimId = await tasksRepository.insertClaim(tx, {
          memberId,
          taskId,
          period,
          amount: template.reward,
          points: template.points,
        });
        if (claimId === null) throw new AppError('TASK_CLAIMED');
        const progress = await progressReader(tx, memberId, facts, at, timeZone).progressOf(template);
        if (progress < template.target) throw new AppError('TASK_INCOMPLETE');
        await pay(tx, memberId, claimId, template, period);
        return { claimed: 1, amount: formatAmount(template.reward), points: template.points };
      });
    },

    /** Claims every claimable task in one transaction; those a parallel claim took first are skipped. */
    claimAll(memberId: bigint): Promise<TaskClaimResult> {
      return ledger.transaction(async (tx) => {
        const at = now();
        const ready = (await listed(tx, memberId, at)).filter((task) => task.state === 'claimable');
        let amount = 0n;
        let points = 0;
        let claimed = 0;
        for (const task of ready) {
          const claimId = await tasksRepository.insertClaim(tx, {
            memberId,
            taskId: task.template.id,
            period: task.period,
            amount: task.template.reward,
            points: task.template.points,
          });
          if (claimId === null) continue;
          await pay(tx, memberId, claimId, task.template, task.period);
          amount += task.template.reward;
          points += task.template.points;
          claimed += 1;
        }
        if (claimed === 0) throw new AppError('TASK_NOTHING_TO_CLAIM');
        return { claimed, amount: formatAmount(amount), points };
      });
    },

    /** Opens a chest once today's points reach its threshold: once per member, day and threshold. */
    openChest(memberId: bigint, chestId: bigint): Promise<TaskClaimResult> {
      return ledger.transaction(async (tx) => {
        const chest = await tasksRepository.chest(tx, chestId);
        if (!chest) throw new AppError('TASK_NOT_FOUND');
        const day = platformDay(now(), timeZone);
        const opened = await tasksRepository.insertChestOpen(tx, {
          memberId,
          day,
          threshold: chest.threshold,
          amount: chest.reward,
        });
        if (opened === null) throw new AppError('TASK_CLAIMED');
        if ((await tasksRepository.pointsOn(tx, memberId, day)) < chest.threshold)
          throw new AppError('POINTS_NOT_ENOUGH');
        if (chest.reward > 0n)
          await bonus.grantIn(tx, {
            memberId,
            programme: 'task_points',
            reference: `task_points:${day}:${chest.threshold}`,
            amount: chest.reward,
            multiple: chest.multiple,
            key: `task_points:${memberId}:${day}:${chest.threshold}`,
            actor: `member:${memberId}`,
            detail: { day, threshold: chest.threshold },
          });
        return { claimed: 1, amount: formatAmount(chest.reward), points: 0 };
      });
    },

    /** Signs in for today: the streak grows from yesterday's, and the streak day's reward (1..7) is paid at once. */
    signIn(memberId: bigint): Promise<SignInResult> {
      return ledger.transaction(async (tx) => {
        const day = platformDay(now(), timeZone);
        const streak = await tasksRepository.insertSignin(tx, memberId, day, addDays(day, -1));
        if (streak === null) throw new AppError('SIGNIN_DONE');
        const weekDay = ((streak - 1) % 7) + 1;
        const reward = (await tasksRepository.signinRewards(tx)).find((one) => one.day === weekDay);
        const amount = reward?.reward ?? 0n;
        if (reward && amount > 0n) {
          await bonus.grantIn(tx, {
            memberId,
            programme: 'signin',
            reference: `signin:${day}`,
            amount,
            multiple: reward.multiple,
            key: `signin:${memberId}:${day}`,
            actor: `member:${memberId}`,
            detail: { day, streak },
          });
          await tasksRepository.setSigninAmount(tx, memberId, day, amount);
        }
        return { day, streak, reward: formatAmount(amount) };
      });
    },

    /** The member's task rewards (tasks, chests, sign-in), by the spec's date preset or by times. */
    records(
      memberId: bigint,
      query: { dateType: number; startTime: string; endTime: string; page: number; size: number },
    ): Promise<RewardGrantsPage> {
      const range =
        query.dateType === -1
          ? { startTime: query.startTime, endTime: query.endTime }
          : dateRangeFor(query.dateType as DatePreset, now(), timeZone);
      return bonus.list(memberId, { programme: TASK_PROGRAMMES, ...range, page: query.page, size: query.size });
    },
  };
}
