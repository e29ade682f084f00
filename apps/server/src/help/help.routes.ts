import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { operatorActor, requireOperator } from '../http/request-context';
import { AppError } from '../shared/app-error';
import { traditional } from '../shared/localize';
import { HELP_EDITORS, HELP_VIEWERS } from './help-admin.service';

/** The articles' pictures: our own SVG files, served as `/media/help/<name>.svg`. */
const PICTURES_DIR = new URL('./pictures/', import.meta.url);
const PICTURES = new Set(readdirSync(PICTURES_DIR).filter((name) => /^[a-z0-9-]{1,60}\.svg$/.test(name)));
/** An SVG shown as a picture never runs anything; the policy makes sure of it if one is opened on its own. */
const PICTURE_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

/** A public answer a browser may keep: for 30 s, and per `lang` header (as content's). */
function publicCache(reply: FastifyReply) {
  reply.header('cache-control', 'public, max-age=30');
  reply.header('vary', 'lang');
}

/** The help centre and tutorials: members' reads (public, visitors too) and the operators' editing. */
export function helpRoutes(container: Container): FastifyPluginAsyncZod {
  const { members: help, admin: helpAdmin } = container.help;
  return async (app) => {
    // Site: /help/center's sections with their articles.
    route(app, 'helpCategories', { tags: ['help'] }, async (request, reply) => {
      publicCache(reply);
      return ok(await help.categories(request.client.lang));
    });
    // Site: /help/center's search box (and a category's list).
    route(app, 'helpSearch', { tags: ['help'] }, async (request, reply) => {
      publicCache(reply);
      return ok(await help.search(request.query, request.client.lang));
    });
    // Site: /tutorial/<slug>.
    route(app, 'helpArticle', { tags: ['help'] }, async (request, reply) => {
      publicCache(reply);
      return ok(await help.article(request.query.slug, request.client.lang));
    });

    // Site: the articles' pictures. Only the files in pictures/ (a name is looked up in the listing, never joined
    // into a path as sent), kept by the browser for a day.
    // `/media/help/hk/<name>` is the same picture with its words in traditional characters (what a zh-HK article
    // points at: help.service.ts), converted by the same OpenCC table as every text.
    const files = new Map<string, Promise<string>>();
    function picture(name: string, hk: boolean): Promise<string> {
      const key = `${hk ? 'hk/' : ''}${name}`;
      let file = files.get(key);
      if (!file) {
        file = readFile(new URL(name, PICTURES_DIR), 'utf8').then((svg) => (hk ? traditional(svg) : svg));
        files.set(key, file);
        file.catch(() => files.delete(key));
      }
      return file;
    }
    const pictureParams = { schema: { hide: true, params: z.object({ name: z.string().max(64) }) } };
    async function sendPicture(name: string, hk: boolean, reply: FastifyReply) {
      if (!PICTURES.has(name)) throw new AppError('NOT_FOUND');
      return reply
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', PICTURE_POLICY)
        .header('x-content-type-options', 'nosniff')
        .type('image/svg+xml; charset=utf-8')
        .send(await picture(name, hk));
    }
    app.get('/media/help/:name', pictureParams, (request, reply) => sendPicture(request.params.name, false, reply));
    app.get('/media/help/hk/:name', pictureParams, (request, reply) => sendPicture(request.params.name, true, reply));

    const look = { tags: ['admin'], preHandler: requireOperator(container, HELP_VIEWERS) };
    const edit = { tags: ['admin'], preHandler: requireOperator(container, HELP_EDITORS) };
    // An article with its zh-HK text may pass the app's 64 KB (30,000 characters of Chinese are 90 KB in UTF-8).
    const write = { ...edit, bodyLimit: 256 * 1024 };
    // Console: the help centre's categories, and saving them as a whole.
    route(app, 'adminHelpCategories', look, async (request) => ok(await helpAdmin.categories(operatorActor(request))));
    route(app, 'adminHelpCategoriesSave', edit, async (request) =>
      ok(await helpAdmin.saveCategories(operatorActor(request), request.body)),
    );
    // Console: every article, switched on or not.
    route(app, 'adminHelpArticles', look, async (request) => ok(await helpAdmin.articles(operatorActor(request))));
    route(app, 'adminHelpArticleCreate', write, async (request) =>
      ok(await helpAdmin.saveArticle(operatorActor(request), null, request.body)),
    );
    route(app, 'adminHelpArticleUpdate', write, async (request) =>
      ok(await helpAdmin.saveArticle(operatorActor(request), request.params.id, request.body)),
    );
    route(app, 'adminHelpArticleDelete', edit, async (request) =>
      ok(await helpAdmin.deleteArticle(operatorActor(request), request.params.id)),
    );
  };
}
