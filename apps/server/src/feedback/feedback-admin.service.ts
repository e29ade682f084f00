import {
  type AdminFeedbackView,
  DEFAULT_LANG,
  type FeedbackStatus,
  type OperatorRole,
  parseDateTime,
  rolesOf,
} from '@jinb/contract';
import { assertRole, auditIn, type OperatorActor } from '../admin/operator-actor';
import type { Database } from '../db/database';
import type { SystemMessages } from '../messages/system-messages';
import { AppError } from '../shared/app-error';
import { type FeedbackFilter, type FeedbackRow, feedbackRepository } from './feedback.repository';
import { feedbackView } from './feedback.service';

/** Who reads and answers feedback. */
export const FEEDBACK_DESK: readonly OperatorRole[] = rolesOf('support');

/** The reply as the inbox message quotes it; the whole of it is on the feedback's page. */
const QUOTE = 200;

function adminView(row: FeedbackRow): AdminFeedbackView {
  return {
    ...feedbackView(row, DEFAULT_LANG),
    memberId: row.memberId.toString(),
    account: row.account,
    replies: row.replies,
    repliedBy: row.repliedBy?.toString() ?? null,
    closedBy: row.closedBy?.toString() ?? null,
  };
}

/** "YYYY-MM-DD" in the platform's zone -> the instant that day starts; `next` gives the day after's start. */
function dayStart(day: string, timeZone: string, next = false): Date | undefined {
  if (!day) return undefined;
  const start = parseDateTime(day, timeZone);
  if (!start) throw new AppError('DATE_INVALID');
  if (!next) return start;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const following = new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
  return parseDateTime(following, timeZone) ?? undefined;
}

export type FeedbackAdmin = ReturnType<typeof createFeedbackAdmin>;

/**
 * Operators' side of feedback. A reply sets the status to replied and writes the member's inbox message in the
 * same transaction as the reply and its audit row; replying again replaces the text and sends another message (each
 * reply its own `ref`), so a correction reaches the member too. A closed one takes no reply and no second close
 * (FEEDBACK_CLOSED).
 */
export function createFeedbackAdmin(deps: { db: Database; messages: SystemMessages; timeZone: string }) {
  const { db, messages } = deps;

  async function one(id: bigint): Promise<AdminFeedbackView> {
    const row = await feedbackRepository.one(db, id);
    if (!row) throw new AppError('FEEDBACK_NOT_FOUND');
    return adminView(row);
  }

  return {
    async list(
      actor: OperatorActor,
      query: {
        status: '' | FeedbackStatus;
        category: string;
        memberId: string;
        account: string;
        from: string;
        to: string;
        page: number;
        size: number;
      },
    ) {
      assertRole(actor, FEEDBACK_DESK);
      const filter: FeedbackFilter = {
        ...(query.status && { status: query.status }),
        ...(query.category && { category: query.category }),
        ...(query.memberId && { memberId: BigInt(query.memberId) }),
        ...(query.account && { account: query.account }),
        since: dayStart(query.from, deps.timeZone),
        until: dayStart(query.to, deps.timeZone, true),
      };
      const { rows, total } = await feedbackRepository.page(db, filter, (query.page - 1) * query.size, query.size);
      return { list: rows.map(adminView), total, page: query.page, size: query.size };
    },

    async reply(actor: OperatorActor, id: string, content: string): Promise<AdminFeedbackView> {
      assertRole(actor, FEEDBACK_DESK);
      const feedbackId = BigInt(id);
      const told = await db.transaction(async (tx) => {
        const locked = await feedbackRepository.lock(tx, feedbackId);
        const row = locked && (await feedbackRepository.one(tx, feedbackId));
        if (!locked || !row) throw new AppError('FEEDBACK_NOT_FOUND');
        if (locked.status === 'closed') throw new AppError('FEEDBACK_CLOSED');
        const replies = await feedbackRepository.reply(tx, feedbackId, content, actor.id);
        const quote = Array.from(content);
        await auditIn(tx, actor, 'feedback.reply', `feedback:${feedbackId}`, { replies, length: quote.length });
        return messages.writeIn(tx, [
          {
            memberId: row.memberId,
            template: 'feedback_replied',
            params: {
              id: feedbackId.toString(),
              category: row.categoryLabel,
              at: messages.stamp(row.createdAt),
              reply: quote.length > QUOTE ? `${quote.slice(0, QUOTE).join('')}…` : content,
            },
            ref: `feedback:${feedbackId}:reply:${replies}`,
          },
        ]);
      });
      messages.changed(told);
      return one(feedbackId);
    },

    async close(actor: OperatorActor, id: string): Promise<AdminFeedbackView> {
      assertRole(actor, FEEDBACK_DESK);
      const feedbackId = BigInt(id);
      await db.transaction(async (tx) => {
        const locked = await feedbackRepository.lock(tx, feedbackId);
        if (!locked) throw new AppError('FEEDBACK_NOT_FOUND');
        if (locked.status === 'closed') throw new AppError('FEEDBACK_CLOSED');
        await feedbackRepository.close(tx, feedbackId, actor.id);
        await auditIn(tx, actor, 'feedback.close', `feedback:${feedbackId}`, { was: locked.status });
      });
      return one(feedbackId);
    },
  };
}
