import {
  type AdminTaskInput,
  type AdminTasksView,
  AMOUNT_CONDITIONS,
  formatMultiple,
  type OperatorRole,
  rolesOf,
} from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import { assertRole, auditIn, type OperatorActor } from '../admin/operator-actor';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import { type TemplateRow, tasksRepository } from './tasks.repository';

/** Who reads the task configuration, and who changes it. */
export const TASK_VIEWERS: readonly OperatorRole[] = rolesOf('marketingViewers');
export const TASK_MANAGERS: readonly OperatorRole[] = rolesOf('marketing');

const SCALE = 10_000n;

function adminTaskView(row: TemplateRow) {
  return {
    id: String(row.id),
    kind: row.kind,
    condition: row.condition,
    category: row.category,
    title: row.title,
    description: row.description,
    target: AMOUNT_CONDITIONS.includes(row.condition) ? formatAmount(row.target) : String(row.target),
    reward: formatAmount(row.reward),
    multiple: formatMultiple(row.multiple),
    points: row.points,
    sort: row.sort,
    active: row.active,
    newbieDays: row.newbieDays,
    updatedAt: row.updatedAt.toISOString(),
    i18n: row.i18n,
  };
}

/**
 * The operator's target is what they typed: money for deposit_amount/valid_bet, a whole count otherwise (parsed as
 * money by the contract, so "3" arrives as 3.0000 and is turned back into 3 here; "2.5" cards is refused).
 */
function normalised(input: AdminTaskInput): AdminTaskInput {
  if (input.target <= 0n) throw new AppError('BAD_REQUEST');
  if (AMOUNT_CONDITIONS.includes(input.condition)) return input;
  if (input.target % SCALE !== 0n) throw new AppError('BAD_REQUEST');
  return { ...input, target: input.target / SCALE, category: '' };
}

export type TasksAdmin = ReturnType<typeof createTasksAdmin>;

/** Operators' task configuration: templates, chests, sign-in rewards; every change audited in its transaction. */
export function createTasksAdmin(deps: { db: Database }) {
  const { db } = deps;

  async function view(): Promise<AdminTasksView> {
    const [tasks, chests, signin] = await Promise.all([
      tasksRepository.templates(db, { activeOnly: false }),
      tasksRepository.chests(db),
      tasksRepository.signinRewards(db),
    ]);
    return {
      tasks: tasks.map(adminTaskView),
      chests: chests.map((chest) => ({
        id: String(chest.id),
        threshold: chest.threshold,
        reward: formatAmount(chest.reward),
        multiple: formatMultiple(chest.multiple),
      })),
      signin: {
        rewards: signin.map((day) => formatAmount(day.reward)),
        multiple: formatMultiple(signin[0]?.multiple ?? 100),
      },
    };
  }

  return {
    async list(actor: OperatorActor): Promise<AdminTasksView> {
      assertRole(actor, TASK_VIEWERS);
      return view();
    },

    async create(actor: OperatorActor, body: AdminTaskInput) {
      assertRole(actor, TASK_MANAGERS);
      const input = normalised(body);
      const row = await db.transaction(async (tx) => {
        const created = await tasksRepository.insertTemplate(tx, input);
        await auditIn(tx, actor, 'task.create', `task:${created.id}`, adminTaskView(created));
        return created;
      });
      return adminTaskView(row);
    },

    async update(actor: OperatorActor, id: bigint, body: AdminTaskInput) {
      assertRole(actor, TASK_MANAGERS);
      const input = normalised(body);
      const row = await db.transaction(async (tx) => {
        const updated = await tasksRepository.updateTemplate(tx, id, input);
        if (!updated) throw new AppError('TASK_NOT_FOUND');
        await auditIn(tx, actor, 'task.update', `task:${id}`, adminTaskView(updated));
        return updated;
      });
      return adminTaskView(row);
    },

    async chests(
      actor: OperatorActor,
      body: { chests: Array<{ threshold: number; reward: bigint; multiple: number }> },
    ): Promise<AdminTasksView> {
      assertRole(actor, TASK_MANAGERS);
      await db.transaction(async (tx) => {
        await tasksRepository.replaceChests(tx, body.chests);
        await auditIn(tx, actor, 'task.chests', 'task_chests', {
          chests: body.chests.map((chest) => ({ ...chest, reward: formatAmount(chest.reward) })),
        });
      });
      return view();
    },

    async signin(actor: OperatorActor, body: { rewards: bigint[]; multiple: number }): Promise<AdminTasksView> {
      assertRole(actor, TASK_MANAGERS);
      await db.transaction(async (tx) => {
        await tasksRepository.setSigninRewards(tx, body.rewards, body.multiple);
        await auditIn(tx, actor, 'task.signin', 'task_signin_rewards', {
          rewards: body.rewards.map(formatAmount),
          multiple: body.multiple,
        });
      });
      return view();
    },
  };
}
