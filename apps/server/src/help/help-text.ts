/**
 * The help articles' text format, on the server: a small markdown subset the site renders with its own renderer
 * (packages/contract/src/article-markup.ts), never HTML. Blocks: `#`/`##`/`###` headings, paragraphs, `- ` and
 * `1. ` lists, `> ` tips, tables (`| a | b |` rows, the second a `|---|---|` rule), images on their own line
 * (`![alt](/media/...)`, our own media only), fenced code (three backticks on a line above and below, for commands);
 * inline `**bold**` and links to the site's own routes (`[text](/route)`).
 * Here: the plain text of an article, for a chat bubble and for search.
 */

const IMAGE = /^!\[([^\]]*)\]\(([^)\s]*)\)$/;
const RULE = /^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$/;

/** Inline markup to its text: `**a**` to `a`, `[a](/b)` to `a`. */
export function inlineText(text: string): string {
  return text.replace(/\[([^\]]+)\]\(([^)\s]*)\)/g, '$1').replace(/\*\*([^*]+)\*\*/g, '$1');
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => inlineText(cell.trim()));
}

/** The article as plain lines: markers dropped, images left out, a table row as `a：b｜c`. */
export function plainText(body: string): string {
  const out: string[] = [];
  let code = false;
  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line.startsWith('```')) {
      code = !code;
      continue;
    }
    if (code) {
      out.push(raw);
      continue;
    }
    if (!line) {
      if (out.length && out[out.length - 1] !== '') out.push('');
      continue;
    }
    if (IMAGE.test(line) || RULE.test(line)) continue;
    if (line.startsWith('|')) {
      const [first = '', ...rest] = cells(line);
      out.push(rest.length ? `${first}：${rest.join('｜')}` : first);
      continue;
    }
    const heading = /^#{1,3}\s+(.*)$/.exec(line);
    if (heading) {
      out.push(inlineText(heading[1] ?? ''));
      continue;
    }
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    if (bullet) {
      out.push(`• ${inlineText(bullet[1] ?? '')}`);
      continue;
    }
    const tip = /^>\s?(.*)$/.exec(line);
    out.push(inlineText(tip ? (tip[1] ?? '') : line));
  }
  return out.join('\n').trim();
}

/**
 * At most `max` characters of the plain text, cut at the last line or sentence end that fits (so a chat bubble
 * never stops mid-word), with an ellipsis when something was left out.
 */
export function excerpt(body: string, max = 320): string {
  const text = plainText(body).replace(/\n{2,}/g, '\n');
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const cut = Math.max(head.lastIndexOf('\n'), head.lastIndexOf('。'), head.lastIndexOf('；'));
  return `${(cut > max / 2 ? head.slice(0, cut + 1) : head).trimEnd()}…`;
}
