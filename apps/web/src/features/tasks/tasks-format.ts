import type { TaskView } from '@jinb/contract';
import { truncateMoney } from '@jinb/money';
import { CURRENCY_SYMBOL } from '../../shared/config';
import { paths } from '../../shared/paths';

/** "¥5.00": truncated to cents like every amount a member sees. */
export function money(wire: string): string {
  return `${CURRENCY_SYMBOL}${truncateMoney(wire)}`;
}

/** A task's progress as the row shows it: money truncated to cents, counts as they are. */
export function progressText(task: Pick<TaskView, 'progress' | 'target' | 'unit'>): [string, string] {
  return task.unit === 'amount'
    ? [truncateMoney(task.progress), truncateMoney(task.target)]
    : [task.progress, task.target];
}

/** How far along, 0..100, for the bar. */
export function progressPercent(task: Pick<TaskView, 'progress' | 'target'>): number {
  const target = Number(task.target);
  if (!(target > 0)) return 0;
  return Math.min(100, Math.floor((Number(task.progress) / target) * 100));
}

/** Where 去完成 leads: the page where the member does what the task counts. Sign-in is done in place (null). */
export function whereToComplete(task: Pick<TaskView, 'condition' | 'category'>): string | null {
  switch (task.condition) {
    case 'deposit_amount':
    case 'deposit_count':
      return paths.deposit;
    case 'valid_bet':
      return task.category === 'sports' ? paths.sports : paths.home;
    case 'bind_phone':
      return paths.personalPhone;
    case 'bind_card':
      return paths.cards;
    case 'withdraw_password':
      return paths.withdrawPassword;
    case 'invite_depositor':
      return paths.agentPage;
    case 'signin':
      return null;
  }
}
