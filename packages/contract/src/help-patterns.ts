/**
 * Where a help article's pictures and links may point, on their own (no schemas): the article parser
 * (article-markup.ts) imports them without bringing the help schemas and zod into the pages that draw articles.
 */

/** Where an article's pictures may come from: our own media. */
export const HELP_IMAGE_PATTERN = /^\/media\/[A-Za-z0-9/_.-]+$/;
/** Where an article's links may go: the site's own routes (not `//host`). */
export const HELP_LINK_PATTERN = /^\/(?!\/)[A-Za-z0-9/_.?=&%#-]*$/;
