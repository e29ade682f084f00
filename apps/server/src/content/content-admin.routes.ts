import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { operatorActor, requireOperator } from '../http/request-context';
import { CONTENT_EDITORS, CONTENT_VIEWERS } from './content-admin.service';

/** The operators' content: announcements, banners, news, sponsorships, texts per language (the service checks again). */
export function contentAdminRoutes(container: Container): FastifyPluginAsyncZod {
  const admin = container.contentAdmin;
  return async (app) => {
    const look = { tags: ['admin'], preHandler: requireOperator(container, CONTENT_VIEWERS) };
    const edit = { tags: ['admin'], preHandler: requireOperator(container, CONTENT_EDITORS) };

    // Console: every announcement, live or not.
    route(app, 'adminNotices', look, async (request) => ok(await admin.notices(operatorActor(request))));
    // Console: a new announcement (marquee, and a popup when `popup`).
    route(app, 'adminNoticeCreate', edit, async (request) =>
      ok(await admin.createNotice(operatorActor(request), request.body)),
    );
    // Console: changes an announcement.
    route(app, 'adminNoticeUpdate', edit, async (request) =>
      ok(await admin.updateNotice(operatorActor(request), request.params.id, request.body)),
    );
    // Console: deletes an announcement.
    route(app, 'adminNoticeDelete', edit, async (request) =>
      ok(await admin.deleteNotice(operatorActor(request), request.params.id)),
    );

    // Console: the home page's banners.
    route(app, 'adminBanners', look, async (request) => ok(await admin.banners(operatorActor(request))));
    route(app, 'adminBannerCreate', edit, async (request) =>
      ok(await admin.saveBanner(operatorActor(request), null, request.body)),
    );
    route(app, 'adminBannerUpdate', edit, async (request) =>
      ok(await admin.saveBanner(operatorActor(request), request.params.id, request.body)),
    );
    route(app, 'adminBannerDelete', edit, async (request) =>
      ok(await admin.deleteBanner(operatorActor(request), request.params.id)),
    );

    // Console: /find's news and its categories.
    route(app, 'adminNews', look, async (request) => ok(await admin.news(operatorActor(request))));
    route(app, 'adminNewsCreate', edit, async (request) =>
      ok(await admin.saveNews(operatorActor(request), null, request.body)),
    );
    route(app, 'adminNewsUpdate', edit, async (request) =>
      ok(await admin.saveNews(operatorActor(request), request.params.id, request.body)),
    );
    route(app, 'adminNewsDelete', edit, async (request) =>
      ok(await admin.deleteNews(operatorActor(request), request.params.id)),
    );
    route(app, 'adminNewsCategories', look, async (request) => ok(await admin.newsCategories(operatorActor(request))));
    // Console: the categories, replaced as a whole.
    route(app, 'adminNewsCategoriesSave', edit, async (request) =>
      ok(await admin.saveNewsCategories(operatorActor(request), request.body)),
    );

    // Console: /app/sponsor's sponsorships.
    route(app, 'adminSponsors', look, async (request) => ok(await admin.sponsors(operatorActor(request))));
    route(app, 'adminSponsorCreate', edit, async (request) =>
      ok(await admin.saveSponsor(operatorActor(request), null, request.body)),
    );
    route(app, 'adminSponsorUpdate', edit, async (request) =>
      ok(await admin.saveSponsor(operatorActor(request), request.params.id, request.body)),
    );
    route(app, 'adminSponsorDelete', edit, async (request) =>
      ok(await admin.deleteSponsor(operatorActor(request), request.params.id)),
    );

    // Console: the other languages' texts of a promotion, a game, a game group.
    route(app, 'adminPromoTexts', edit, async (request) =>
      ok(await admin.promoTexts(operatorActor(request), request.params.id, request.body.i18n)),
    );
    route(app, 'adminGameTexts', edit, async (request) =>
      ok(await admin.gameTexts(operatorActor(request), request.params.id, request.body.i18n)),
    );
    route(app, 'adminGameGroupTexts', edit, async (request) =>
      ok(await admin.gameGroupTexts(operatorActor(request), request.params.id, request.body.i18n)),
    );
  };
}
