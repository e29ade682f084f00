import {
  type AdminBannerInput,
  type AdminBannerView,
  type AdminNewsCategoriesInput,
  type AdminNewsCategoryView,
  type AdminNewsInput,
  type AdminNewsView,
  type AdminNoticeInput,
  type AdminNoticeView,
  type AdminSponsorInput,
  type AdminSponsorView,
  type AdminTextsView,
  type LocalizedTexts,
  type OperatorRole,
  parseDateTime,
  rolesOf,
} from '@jinb/contract';
import { assertRole, auditIn, type OperatorActor } from '../admin/operator-actor';
import type { Database, Executor } from '../db/database';
import { AppError } from '../shared/app-error';
import type { InvalidationBus } from '../shared/invalidation-bus';
import { type BannerRow, contentRepository, type NewsRow, type NoticeRow } from './content.repository';
import { CONTENT_CHANGED } from './content.service';

/**
 * Who writes what members read: admins, and support (the desk that answers members, there being no marketing role;
 * see OPERATOR_ROLES). Finance only reads.
 */
export const CONTENT_EDITORS: readonly OperatorRole[] = rolesOf('marketing');
export const CONTENT_VIEWERS: readonly OperatorRole[] = rolesOf('marketingViewers');

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const noticeView = (row: NoticeRow): AdminNoticeView => ({
  id: row.id,
  title: row.title,
  content: row.content,
  popup: row.popup,
  startAt: iso(row.startAt),
  endAt: iso(row.endAt),
  sort: row.sort,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
  i18n: row.i18n as AdminNoticeView['i18n'],
});
const bannerView = (row: BannerRow): AdminBannerView => ({ ...row, i18n: row.i18n as AdminBannerView['i18n'] });
const newsView = (row: NewsRow): AdminNewsView => ({
  ...row,
  publishedAt: row.publishedAt.toISOString(),
  i18n: row.i18n as AdminNewsView['i18n'],
});
const textsView = (row: { id: number; i18n: LocalizedTexts }): AdminTextsView => ({
  id: row.id,
  i18n: row.i18n as AdminTextsView['i18n'],
});

export type ContentAdmin = ReturnType<typeof createContentAdmin>;

/**
 * Operators' content: announcements, banners, news and their categories, sponsorships, and the other languages'
 * texts of promotions, games and game groups. Every change is audited in its own transaction and then clears the
 * content cache of every process (CONTENT_CHANGED on the bus), so the next member read anywhere shows it.
 * Bad input is refused before anything is written.
 */
export function createContentAdmin(deps: { db: Database; bus: InvalidationBus; timeZone: string }) {
  const { db, bus, timeZone } = deps;

  /** "YYYY-MM-DD HH:mm:ss" in the platform's zone, or null for empty. */
  function time(text: string): Date | null {
    if (text === '') return null;
    const parsed = parseDateTime(text, timeZone);
    if (!parsed) throw new AppError('DATE_INVALID');
    return parsed;
  }

  /** One audited change, then every process drops its cached content. */
  async function change<T>(actor: OperatorActor, work: (tx: Executor) => Promise<T>): Promise<T> {
    assertRole(actor, CONTENT_EDITORS);
    const result = await db.transaction(work);
    await bus.publish(CONTENT_CHANGED);
    return result;
  }

  function noticeInput(body: AdminNoticeInput) {
    const startAt = time(body.startAt);
    const endAt = time(body.endAt);
    if (startAt && endAt && endAt <= startAt) throw new AppError('DATE_INVALID');
    return { ...body, startAt, endAt };
  }

  async function newsInput(tx: Executor, body: AdminNewsInput) {
    if (body.category !== null && !(await contentRepository.categoryExists(tx, body.category)))
      throw new AppError('CONTENT_NOT_FOUND');
    return { ...body, publishedAt: time(body.publishedAt) ?? new Date() };
  }

  async function remove(
    actor: OperatorActor,
    table: 'notices' | 'banners' | 'news' | 'sponsors',
    action: string,
    id: number,
  ) {
    return change(actor, async (tx) => {
      const deleted = await contentRepository.deleteRow(tx, table, id);
      if (!deleted) throw new AppError('CONTENT_NOT_FOUND');
      await auditIn(tx, actor, action, `${table}:${id}`, deleted);
      return { id };
    });
  }

  async function categories(): Promise<AdminNewsCategoryView[]> {
    return (await contentRepository.newsCategories(db)).map((row) => ({
      ...row,
      i18n: row.i18n as AdminNewsCategoryView['i18n'],
    }));
  }

  async function texts(
    actor: OperatorActor,
    table: 'promos' | 'games' | 'game_groups',
    id: number,
    i18n: LocalizedTexts,
  ) {
    return change(actor, async (tx) => {
      const row = await contentRepository.setTexts(tx, table, id, i18n);
      if (!row) throw new AppError('CONTENT_NOT_FOUND');
      await auditIn(tx, actor, `${table}.texts`, `${table}:${id}`, { i18n });
      return textsView(row);
    });
  }

  return {
    // --- announcements ---
    async notices(actor: OperatorActor): Promise<AdminNoticeView[]> {
      assertRole(actor, CONTENT_VIEWERS);
      return (await contentRepository.allNotices(db)).map(noticeView);
    },
    createNotice(actor: OperatorActor, body: AdminNoticeInput): Promise<AdminNoticeView> {
      assertRole(actor, CONTENT_EDITORS);
      const input = noticeInput(body);
      return change(actor, async (tx) => {
        const view = noticeView(await contentRepository.insertNotice(tx, input));
        await auditIn(tx, actor, 'notice.create', `notices:${view.id}`, view);
        return view;
      });
    },
    updateNotice(actor: OperatorActor, id: number, body: AdminNoticeInput): Promise<AdminNoticeView> {
      assertRole(actor, CONTENT_EDITORS);
      const input = noticeInput(body);
      return change(actor, async (tx) => {
        const row = await contentRepository.updateNotice(tx, id, input);
        if (!row) throw new AppError('CONTENT_NOT_FOUND');
        const view = noticeView(row);
        await auditIn(tx, actor, 'notice.update', `notices:${id}`, view);
        return view;
      });
    },
    deleteNotice: (actor: OperatorActor, id: number) => remove(actor, 'notices', 'notice.delete', id),

    // --- banners ---
    async banners(actor: OperatorActor): Promise<AdminBannerView[]> {
      assertRole(actor, CONTENT_VIEWERS);
      return (await contentRepository.allBanners(db)).map(bannerView);
    },
    saveBanner(actor: OperatorActor, id: number | null, body: AdminBannerInput): Promise<AdminBannerView> {
      return change(actor, async (tx) => {
        const row = await contentRepository.saveBanner(tx, id, body);
        if (!row) throw new AppError('CONTENT_NOT_FOUND');
        const view = bannerView(row);
        await auditIn(tx, actor, id === null ? 'banner.create' : 'banner.update', `banners:${view.id}`, view);
        return view;
      });
    },
    deleteBanner: (actor: OperatorActor, id: number) => remove(actor, 'banners', 'banner.delete', id),

    // --- news ---
    async news(actor: OperatorActor): Promise<AdminNewsView[]> {
      assertRole(actor, CONTENT_VIEWERS);
      return (await contentRepository.allNews(db)).map(newsView);
    },
    saveNews(actor: OperatorActor, id: number | null, body: AdminNewsInput): Promise<AdminNewsView> {
      assertRole(actor, CONTENT_EDITORS);
      time(body.publishedAt);
      return change(actor, async (tx) => {
        const row = await contentRepository.saveNews(tx, id, await newsInput(tx, body));
        if (!row) throw new AppError('CONTENT_NOT_FOUND');
        const view = newsView(row);
        await auditIn(tx, actor, id === null ? 'news.create' : 'news.update', `news:${view.id}`, view);
        return view;
      });
    },
    deleteNews: (actor: OperatorActor, id: number) => remove(actor, 'news', 'news.delete', id),
    async newsCategories(actor: OperatorActor): Promise<AdminNewsCategoryView[]> {
      assertRole(actor, CONTENT_VIEWERS);
      return categories();
    },
    async saveNewsCategories(actor: OperatorActor, body: AdminNewsCategoriesInput): Promise<AdminNewsCategoryView[]> {
      await change(actor, async (tx) => {
        if (!(await contentRepository.replaceCategories(tx, body.list))) throw new AppError('CONTENT_NOT_FOUND');
        await auditIn(tx, actor, 'news.categories', 'news_categories', { list: body.list });
      });
      return categories();
    },

    // --- sponsorships ---
    async sponsors(actor: OperatorActor): Promise<AdminSponsorView[]> {
      assertRole(actor, CONTENT_VIEWERS);
      return (await contentRepository.allSponsors(db)).map((row) => ({
        ...row,
        i18n: row.i18n as AdminSponsorView['i18n'],
      }));
    },
    saveSponsor(actor: OperatorActor, id: number | null, body: AdminSponsorInput): Promise<AdminSponsorView> {
      return change(actor, async (tx) => {
        const row = await contentRepository.saveSponsor(tx, id, body);
        if (!row) throw new AppError('CONTENT_NOT_FOUND');
        const view = { ...row, i18n: row.i18n as AdminSponsorView['i18n'] };
        await auditIn(tx, actor, id === null ? 'sponsor.create' : 'sponsor.update', `sponsors:${view.id}`, view);
        return view;
      });
    },
    deleteSponsor: (actor: OperatorActor, id: number) => remove(actor, 'sponsors', 'sponsor.delete', id),

    // --- texts of rows edited elsewhere ---
    promoTexts: (actor: OperatorActor, id: number, i18n: LocalizedTexts) => texts(actor, 'promos', id, i18n),
    gameTexts: (actor: OperatorActor, id: number, i18n: LocalizedTexts) => texts(actor, 'games', id, i18n),
    gameGroupTexts: (actor: OperatorActor, id: number, i18n: LocalizedTexts) => texts(actor, 'game_groups', id, i18n),
  };
}
