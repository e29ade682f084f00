import { describe, expect, it } from 'vitest';
import { parseArticle, parseInline } from './article-markup';

const text = (value: string) => ({ kind: 'text', text: value });

describe('the help article parser', () => {
  it('reads headings one level under the page title, paragraphs joined across lines, tips and code as written', () => {
    expect(parseArticle('# 标题\n\n第一行\n第二行\n\n> 提示\n\n```\na  b\n  c\n```')).toEqual([
      { kind: 'heading', level: 2, text: [text('标题')] },
      { kind: 'paragraph', text: [text('第一行 第二行')] },
      { kind: 'tip', text: [text('提示')] },
      { kind: 'code', text: 'a  b\n  c' },
    ]);
  });

  it('parses a table without a rule as body rows, and a list ends at a blank line', () => {
    expect(parseArticle('| a | b |\n| c | d |')).toEqual([
      {
        kind: 'table',
        head: [],
        rows: [
          [[text('a')], [text('b')]],
          [[text('c')], [text('d')]],
        ],
      },
    ]);
    expect(parseArticle('- 一\n- 二\n\n段落').map((block) => block.kind)).toEqual(['list', 'paragraph']);
  });

  it('takes the row after a rule as the head, and ends a list where ordered and bulleted items change', () => {
    const [table] = parseArticle('| 方式 | 到账 |\n| --- | :---: |\n| 银行卡 | 自动 |');
    expect(table).toEqual({
      kind: 'table',
      head: [[text('方式')], [text('到账')]],
      rows: [[[text('银行卡')], [text('自动')]]],
    });
    expect(parseArticle('1. 一\n2. 二\n- 甲')).toEqual([
      { kind: 'list', ordered: true, items: [[text('一')], [text('二')]] },
      { kind: 'list', ordered: false, items: [[text('甲')]] },
    ]);
  });

  it('keeps links to the site’s own routes and pictures from our own media, and only their words otherwise', () => {
    expect(
      parseInline('见 [充值](/finance/deposit) 和 [外站](https://evil.example) 与 [协议](//evil.example)'),
    ).toEqual([
      text('见 '),
      { kind: 'link', text: '充值', to: '/finance/deposit' },
      text(' 和 '),
      text('外站'),
      text(' 与 '),
      text('协议'),
    ]);
    expect(parseArticle('![步骤](/media/help/steps.svg)\n\n![外链](https://evil.example/x.png)')).toEqual([
      { kind: 'image', src: '/media/help/steps.svg', alt: '步骤' },
    ]);
  });

  it('leaves HTML as the characters written, with bold around it parsed', () => {
    expect(parseArticle('**<b>粗</b>** <script>x</script>')).toEqual([
      { kind: 'paragraph', text: [{ kind: 'bold', text: '<b>粗</b>' }, text(' <script>x</script>')] },
    ]);
  });
});
