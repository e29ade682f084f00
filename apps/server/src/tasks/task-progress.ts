import { AMOUNT_CONDITIONS, formatMultiple, TAG_OF, type TaskView } from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import type { Executor } from '../db/database';
import { memberActivityRepository } from '../rewards/member-activity.repository';
import { periodOf } from './task-periods';
import { type MemberFacts, type TemplateRow, tasksRepository } from './tasks.repository';

/**
 * Reads a member's progress on tasks from the real records, each figure once per request: deposits and valid bets
 * (member-activity views) for the task's period, sign-ins, the member row, cards, invited friends' deposits.
 */
export function progressReader(db: Executor, memberId: bigint, facts: MemberFacts, now: Date, timeZone: string) {
  const memo = new Map<string, Promise<unknown>>();
  function once<T>(key: string, read: () => Promise<T>): Promise<T> {
    if (!memo.has(key)) memo.set(key, read());
    return memo.get(key) as Promise<T>;
  }

  async function progressOf(template: TemplateRow): Promise<bigint> {
    const { span, firstDay, period } = periodOf(template.kind, now, timeZone);
    switch (template.condition) {
      case 'deposit_amount':
        return (await once(`deposits:${period}`, () => memberActivityRepository.deposits(db, memberId, span))).amount;
      case 'deposit_count':
        return BigInt(
          (await once(`deposits:${period}`, () => memberActivityRepository.deposits(db, memberId, span))).count,
        );
      case 'valid_bet': {
        const byCategory = await once(`bets:${period}`, () =>
          memberActivityRepository.validTurnover(db, memberId, span),
        );
        if (template.category) return byCategory.get(template.category) ?? 0n;
        let total = 0n;
        for (const valid of byCategory.values()) total += valid;
        return total;
      }
      case 'signin': {
        const signins = await once(`signins:${period}`, () => tasksRepository.signins(db, memberId, firstDay));
        return BigInt(Math.max(0, ...signins.map((signin) => signin.streak)));
      }
      case 'bind_phone':
        return facts.phone ? 1n : 0n;
      case 'bind_card':
        return BigInt(facts.cards);
      case 'withdraw_password':
        return facts.withdrawPassword ? 1n : 0n;
      case 'invite_depositor':
        return BigInt(await once(`invites:${period}`, () => tasksRepository.invitedDepositors(db, memberId, span)));
    }
  }

  return { progressOf };
}

/** A newbie task shows only within its window after registering (0 days: always). */
export function visibleTo(template: TemplateRow, facts: MemberFacts, now: Date): boolean {
  if (!template.active) return false;
  if (template.kind !== 'newbie' || template.newbieDays === 0) return true;
  return now.getTime() - facts.createdAt.getTime() < template.newbieDays * 86_400_000;
}

export function taskView(
  template: TemplateRow,
  progress: bigint,
  claimed: boolean,
  period: string,
): TaskView & { complete: boolean } {
  const amount = AMOUNT_CONDITIONS.includes(template.condition);
  const shown = progress > template.target ? template.target : progress;
  const complete = progress >= template.target;
  return {
    id: String(template.id),
    kind: template.kind,
    condition: template.condition,
    category: template.category,
    tag: TAG_OF[template.condition],
    title: template.title,
    description: template.description,
    progress: amount ? formatAmount(shown) : String(shown),
    target: amount ? formatAmount(template.target) : String(template.target),
    unit: amount ? 'amount' : 'count',
    state: claimed ? 'claimed' : complete ? 'claimable' : 'doing',
    reward: formatAmount(template.reward),
    multiple: formatMultiple(template.multiple),
    points: template.points,
    period,
    complete,
  };
}
