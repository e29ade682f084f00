import {
  FEEDBACK_DAILY_MAX,
  FEEDBACK_PENDING_MAX,
  type FeedbackList,
  type FeedbackSummary,
  type FeedbackView,
  type Lang,
  parseDateTime,
  platformDay,
} from '@jinb/contract';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import { localizedText } from '../shared/localize';
import { type FeedbackRow, feedbackRepository } from './feedback.repository';
import type { createFeedbackImages } from './feedback-images';

const PREVIEW = 60;

/** The category's name in `lang` (the dictionary is written in zh-CN; zh-HK reads it converted). */
export function categoryName(row: Pick<FeedbackRow, 'categoryLabel'>, lang: Lang): string {
  return localizedText(row.categoryLabel, undefined, 'label', lang);
}

/** One feedback as its member reads it. */
export function feedbackView(row: FeedbackRow, lang: Lang): FeedbackView {
  return {
    id: row.id.toString(),
    category: row.category,
    categoryName: categoryName(row, lang),
    content: row.content,
    images: row.images,
    status: row.status,
    reply: row.reply !== null && row.repliedAt ? { content: row.reply, at: row.repliedAt.toISOString() } : null,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

function summary(row: FeedbackRow, lang: Lang): FeedbackSummary {
  const characters = Array.from(row.content);
  return {
    id: row.id.toString(),
    category: row.category,
    categoryName: categoryName(row, lang),
    preview: characters.length > PREVIEW ? `${characters.slice(0, PREVIEW).join('')}…` : row.content,
    imageCount: row.images.length,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    repliedAt: row.repliedAt?.toISOString() ?? null,
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;

/**
 * A member's feedback. Writing one checks the category against dictionary 030 and the images against our uploads,
 * then, holding the member's feedback lock, refuses a sixth one waiting for a reply (FEEDBACK_PENDING_MAX) or an
 * eleventh of the platform's day (FEEDBACK_DAILY_MAX): parallel requests queue on the lock, so the caps hold however
 * many arrive at once. Reads name the member in every statement: another member's id is not found, like a missing one.
 */
export function createFeedbackService(deps: {
  db: Database;
  images: ReturnType<typeof createFeedbackImages>;
  timeZone: string;
}) {
  const { db } = deps;

  async function mine(memberId: bigint, id: string): Promise<FeedbackRow> {
    const row = await feedbackRepository.one(db, BigInt(id), memberId);
    if (!row) throw new AppError('FEEDBACK_NOT_FOUND');
    return row;
  }

  return {
    async create(
      memberId: bigint,
      body: { category: string; content: string; images: string[] },
      lang: Lang,
    ): Promise<FeedbackView> {
      if ((await feedbackRepository.categoryLabel(db, body.category)) === undefined) {
        throw new AppError('FEEDBACK_CATEGORY_INVALID');
      }
      await deps.images.check(body.images);
      const now = new Date();
      const dayStart = parseDateTime(platformDay(now, deps.timeZone), deps.timeZone) ?? now;
      const id = await db.transaction(async (tx) => {
        await feedbackRepository.lockMember(tx, memberId);
        const counts = await feedbackRepository.counts(tx, memberId, dayStart);
        if (counts.pending >= FEEDBACK_PENDING_MAX) throw new AppError('FEEDBACK_PENDING_LIMIT');
        if (counts.since >= FEEDBACK_DAILY_MAX) throw new AppError('FEEDBACK_DAILY_LIMIT');
        return feedbackRepository.insert(tx, { memberId, ...body });
      });
      return feedbackView(await mine(memberId, id.toString()), lang);
    },

    async list(memberId: bigint, query: { page: number; size: number }, lang: Lang): Promise<FeedbackList> {
      const { rows, total } = await feedbackRepository.page(
        db,
        { memberId },
        (query.page - 1) * query.size,
        query.size,
      );
      return { list: rows.map((row) => summary(row, lang)), total, page: query.page, size: query.size };
    },

    async detail(memberId: bigint, id: string, lang: Lang): Promise<FeedbackView> {
      return feedbackView(await mine(memberId, id), lang);
    },
  };
}
