/**
 * The policy articles' text (the help centre's format, packages/contract/src/help.ts) as blocks the page draws
 * itself: headings, paragraphs, lists, tips and tables, with inline **bold** and links to the site's own routes.
 * Nothing becomes HTML: text stays text, a link elsewhere stays its words, a picture is left out. The help feature
 * has the full renderer; features do not share code, and policies need only this much of it.
 */
/**
 * The contract's HELP_LINK_PATTERN (a route of this site, never `//host` or a scheme), restated: importing it would
 * bring the help schemas' module and zod into this page's chunk.
 */
const SITE_LINK = /^\/(?!\/)[A-Za-z0-9/_.?=&%#-]*$/;

export type Inline = { kind: 'text' | 'bold'; text: string } | { kind: 'link'; text: string; to: string };

export type Block =
  | { kind: 'heading'; text: Inline[] }
  | { kind: 'paragraph' | 'tip'; text: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'table'; head: Inline[][]; rows: Inline[][][] };

const INLINE = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]*)\)/g;
const RULE = /^\|?(\s*:?-{2,}:?\s*\|)*\s*:?-{2,}:?\s*\|?$/;
const BULLET = /^([-*]|\d+\.)\s+(.*)$/;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index ?? 0;
    if (at > last) out.push({ kind: 'text', text: text.slice(last, at) });
    if (match[1] !== undefined) out.push({ kind: 'bold', text: match[1] });
    else {
      const to = match[3] ?? '';
      out.push(
        SITE_LINK.test(to) ? { kind: 'link', text: match[2] ?? '', to } : { kind: 'text', text: match[2] ?? '' },
      );
    }
    last = at + match[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

const cells = (line: string) =>
  line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => parseInline(cell.trim()));

export function parsePolicy(body: string): Block[] {
  const blocks: Block[] = [];
  const lines = body
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim());
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    const heading = /^#{1,3}\s+(.*)$/.exec(line);
    const bullet = BULLET.exec(line);
    if (!line || line.startsWith('![') || line.startsWith('```')) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', text: parseInline(heading[1] ?? '') });
    } else if (line.startsWith('|')) {
      flush();
      const rows: string[] = [];
      while ((lines[index] ?? '').startsWith('|')) rows.push(lines[index++] ?? '');
      index -= 1;
      const hasHead = rows.length > 1 && RULE.test(rows[1] ?? '');
      const [first, ...rest] = rows.filter((row) => !RULE.test(row)).map(cells);
      blocks.push(
        hasHead ? { kind: 'table', head: first ?? [], rows: rest } : { kind: 'table', head: [], rows: rows.map(cells) },
      );
    } else if (bullet) {
      flush();
      const ordered = /\d/.test(bullet[1] ?? '');
      const items: Inline[][] = [];
      for (
        let item = BULLET.exec(line);
        item && /\d/.test(item[1] ?? '') === ordered;
        item = BULLET.exec(lines[index] ?? '')
      ) {
        items.push(parseInline(item[2] ?? ''));
        index += 1;
      }
      index -= 1;
      blocks.push({ kind: 'list', ordered, items });
    } else if (line.startsWith('>')) {
      flush();
      blocks.push({ kind: 'tip', text: parseInline(line.replace(/^>\s?/, '')) });
    } else paragraph.push(line);
    index += 1;
  }
  flush();
  return blocks;
}
