import { z } from 'zod';
import type { EndpointSpec } from './endpoint-spec';

/**
 * Feedback (issue 25): a member writes to the operators with a category (dictionary 030), text and up to three
 * uploaded images; operators reply, and the member is told in the inbox.
 */

/** The configuration dictionary (`member/tree?id=`) whose children are the categories. */
export const FEEDBACK_TREE_ID = '030';

/** `pending`: waiting for an operator; `replied`: answered (a second reply replaces the first); `closed`: done. */
export const FEEDBACK_STATUSES = ['pending', 'replied', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** Characters, counted as a member counts them (an emoji is one). */
export const FEEDBACK_CONTENT_MIN = 5;
export const FEEDBACK_CONTENT_MAX = 1_000;
export const FEEDBACK_IMAGES_MAX = 3;
/** A member may have this many waiting for a reply at once, and send this many a day (the platform's day). */
export const FEEDBACK_PENDING_MAX = 5;
export const FEEDBACK_DAILY_MAX = 10;
export const FEEDBACK_REPLY_MAX = 2_000;

/** What `/api/f/v1/upload` answers: `/uploads/<32 hex>.<png|jpg|gif|webp>`. Anything else is not ours. */
export const UPLOADED_IMAGE_URL = /^\/uploads\/[a-f0-9]{32}\.(?:png|jpg|gif|webp)$/;

export const characterCount = (text: string) => Array.from(text).length;

const feedbackId = z.coerce.string<string | number>().regex(/^\d{1,18}$/, { error: 'FEEDBACK_NOT_FOUND' });

/**
 * `images` as the site sends it (a JSON array) or as a form carries it: the field repeated, one comma-separated
 * value, or a JSON array in a string. Empty or left out: none.
 */
const imageList = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return [];
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return value;
      }
    }
    return text.split(',').map((one) => one.trim());
  },
  z
    .array(
      z
        .string({ error: 'FEEDBACK_IMAGES_INVALID' })
        .max(200, { error: 'FEEDBACK_IMAGES_INVALID' })
        .regex(UPLOADED_IMAGE_URL, {
          error: 'FEEDBACK_IMAGES_INVALID',
        }),
      { error: 'FEEDBACK_IMAGES_INVALID' },
    )
    .max(FEEDBACK_IMAGES_MAX, { error: 'FEEDBACK_IMAGES_INVALID' })
    .refine((urls) => new Set(urls).size === urls.length, { error: 'FEEDBACK_IMAGES_INVALID' }),
);

/** `POST /api/f/v1/feedback` (fixed name). */
export const feedbackCreateBody = z.object({
  category: z
    .string({ error: 'FEEDBACK_CATEGORY_INVALID' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'FEEDBACK_CATEGORY_INVALID' }),
  content: z
    .string({ error: 'FEEDBACK_CONTENT_LENGTH' })
    .trim()
    .refine((text) => characterCount(text) >= FEEDBACK_CONTENT_MIN && characterCount(text) <= FEEDBACK_CONTENT_MAX, {
      error: 'FEEDBACK_CONTENT_LENGTH',
    }),
  images: imageList,
});
export type FeedbackCreateBody = z.input<typeof feedbackCreateBody>;

/** The operator's answer as the member reads it (never who wrote it). */
export const feedbackReply = z.object({
  content: z.string(),
  /** ISO time of the latest reply. */
  at: z.string(),
});

/** One feedback as its member reads it; `categoryName` is in the request's language. */
export const feedbackView = z.object({
  id: z.string(),
  category: z.string(),
  categoryName: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  status: z.enum(FEEDBACK_STATUSES),
  reply: feedbackReply.nullable(),
  /** ISO times. */
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type FeedbackView = z.infer<typeof feedbackView>;

/** A row of the member's list: the text cut to a preview, the number of images, when it was answered. */
export const feedbackSummary = z.object({
  id: z.string(),
  category: z.string(),
  categoryName: z.string(),
  preview: z.string(),
  imageCount: z.number().int(),
  status: z.enum(FEEDBACK_STATUSES),
  createdAt: z.string(),
  repliedAt: z.string().nullable(),
});
export type FeedbackSummary = z.infer<typeof feedbackSummary>;

export const feedbackListQuery = z.object({
  page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
  size: z.coerce.number<string | number>().int().min(1).max(50).default(20),
});
export type FeedbackListQuery = z.input<typeof feedbackListQuery>;
export const feedbackList = z.object({
  list: z.array(feedbackSummary),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type FeedbackList = z.infer<typeof feedbackList>;

export const feedbackDetailQuery = z.object({ id: feedbackId });

// --- operators -----------------------------------------------------------------------------------------------

const day = z
  .string()
  .regex(/^(?:\d{4}-\d{2}-\d{2})?$/, { error: 'DATE_INVALID' })
  .default('');

/**
 * Operators' list: by status (empty: every status), category code, member (`memberId`, or `account` exactly), and
 * the day it was written (`from`/`to`, "YYYY-MM-DD" in the platform's zone, both included), newest first.
 */
export const adminFeedbackQuery = z.object({
  status: z.enum(['', ...FEEDBACK_STATUSES], { error: 'STATUS_UNKNOWN' }).default(''),
  category: z
    .string()
    .regex(/^(?:[A-Za-z0-9_-]{1,40})?$/, { error: 'FEEDBACK_CATEGORY_INVALID' })
    .default(''),
  memberId: z
    .string()
    .regex(/^(?:\d{1,18})?$/, { error: 'BAD_REQUEST' })
    .default(''),
  account: z.string().trim().max(40).default(''),
  from: day,
  to: day,
  page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
  size: z.coerce.number<string | number>().int().min(1).max(100).default(20),
});
export type AdminFeedbackQuery = z.input<typeof adminFeedbackQuery>;

export const adminFeedbackView = feedbackView.extend({
  memberId: z.string(),
  account: z.string(),
  /** How many times it was answered (a second reply replaces the text and tells the member again). */
  replies: z.number().int(),
  repliedBy: z.string().nullable(),
  closedBy: z.string().nullable(),
});
export type AdminFeedbackView = z.infer<typeof adminFeedbackView>;

export const adminFeedbackList = z.object({
  list: z.array(adminFeedbackView),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

export const adminFeedbackParams = z.object({ id: feedbackId });
export const adminFeedbackReplyBody = z.object({
  content: z
    .string({ error: 'VALIDATION' })
    .trim()
    .min(1, { error: 'VALIDATION' })
    .max(FEEDBACK_REPLY_MAX, { error: 'VALIDATION' }),
});

export const feedbackEndpoints = {
  feedbackCreate: { method: 'POST', json: true, body: feedbackCreateBody, response: feedbackView },
  feedbackList: { method: 'GET', query: feedbackListQuery, response: feedbackList },
  feedbackDetail: { method: 'GET', query: feedbackDetailQuery, response: feedbackView },
  adminFeedback: { method: 'GET', query: adminFeedbackQuery, response: adminFeedbackList },
  adminFeedbackReply: {
    method: 'POST',
    params: adminFeedbackParams,
    body: adminFeedbackReplyBody,
    response: adminFeedbackView,
  },
  adminFeedbackClose: { method: 'POST', params: adminFeedbackParams, response: adminFeedbackView },
} satisfies Record<string, EndpointSpec>;
