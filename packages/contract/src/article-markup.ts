/**
 * The help articles' text format (help.ts), parsed into blocks that each app draws itself: the member site's help
 * centre tutorials and policy pages (which are help articles too), and the console's preview of an article being
 * written, so both read the same text the same way. Nothing here ever becomes HTML: text stays text (a `<script>` in
 * an article shows as those characters), pictures are only our own media's and links only the site's own routes;
 * anything else is kept as plain words. It imports nothing but the link and picture rules, so a page that draws an
 * article does not bring zod with it.
 */
import { HELP_IMAGE_PATTERN, HELP_LINK_PATTERN } from './help-patterns';

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'bold'; text: string }
  | { kind: 'link'; text: string; to: string };

export type Block =
  | { kind: 'heading'; level: 2 | 3 | 4; text: Inline[] }
  | { kind: 'paragraph'; text: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'tip'; text: Inline[] }
  | { kind: 'table'; head: Inline[][]; rows: Inline[][][] }
  | { kind: 'image'; src: string; alt: string }
  | { kind: 'code'; text: string };

const IMAGE = /^!\[([^\]]*)\]\(([^)\s]*)\)$/;
const RULE = /^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$/;
const INLINE = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]*)\)/g;

/** `**bold**` and `[text](/route)`; a link elsewhere is kept as its words. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index ?? 0;
    if (at > last) out.push({ kind: 'text', text: text.slice(last, at) });
    if (match[1] !== undefined) out.push({ kind: 'bold', text: match[1] });
    else {
      const label = match[2] ?? '';
      const to = match[3] ?? '';
      out.push(HELP_LINK_PATTERN.test(to) ? { kind: 'link', text: label, to } : { kind: 'text', text: label });
    }
    last = at + match[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => parseInline(cell.trim()));

/** The article's blocks in order. */
export function parseArticle(body: string): Block[] {
  const blocks: Block[] = [];
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = (lines[index] ?? '').trim();
    if (line.startsWith('```')) {
      flush();
      const code: string[] = [];
      index += 1;
      while (index < lines.length && !(lines[index] ?? '').trim().startsWith('```')) {
        code.push(lines[index] ?? '');
        index += 1;
      }
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    if (!line) {
      flush();
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({
        kind: 'heading',
        level: ((heading[1]?.length ?? 1) + 1) as 2 | 3 | 4,
        text: parseInline(heading[2] ?? ''),
      });
      continue;
    }
    const image = IMAGE.exec(line);
    if (image) {
      flush();
      const src = image[2] ?? '';
      // Only our own media; another address is left out rather than loaded.
      if (HELP_IMAGE_PATTERN.test(src)) blocks.push({ kind: 'image', src, alt: image[1] ?? '' });
      continue;
    }
    if (line.startsWith('|')) {
      flush();
      const rows: string[] = [];
      while (index < lines.length && (lines[index] ?? '').trim().startsWith('|')) {
        rows.push((lines[index] ?? '').trim());
        index += 1;
      }
      index -= 1;
      const hasHead = rows.length > 1 && RULE.test(rows[1] ?? '');
      const body = rows.filter((row, at) => !(hasHead && at === 1) && !RULE.test(row));
      const [first, ...rest] = body.map(cells);
      blocks.push(
        hasHead ? { kind: 'table', head: first ?? [], rows: rest } : { kind: 'table', head: [], rows: body.map(cells) },
      );
      continue;
    }
    const bullet = /^([-*]|\d+\.)\s+(.*)$/.exec(line);
    if (bullet) {
      flush();
      const ordered = /\d/.test(bullet[1] ?? '');
      const items: Inline[][] = [];
      while (index < lines.length) {
        const item = /^([-*]|\d+\.)\s+(.*)$/.exec((lines[index] ?? '').trim());
        if (!item || /\d/.test(item[1] ?? '') !== ordered) break;
        items.push(parseInline(item[2] ?? ''));
        index += 1;
      }
      index -= 1;
      blocks.push({ kind: 'list', ordered, items });
      continue;
    }
    const tip = /^>\s?(.*)$/.exec(line);
    if (tip) {
      flush();
      blocks.push({ kind: 'tip', text: parseInline(tip[1] ?? '') });
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}
