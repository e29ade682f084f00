import { describe, expect, it } from 'vitest';
import { excerpt, plainText } from './help-text';

describe('the help text format as plain text', () => {
  it('drops the markup and keeps the words', () => {
    const body = [
      '# 标题',
      '',
      '段落含 **加粗** 和 [链接](/finance/deposit)。',
      '',
      '- 第一项',
      '1. 第一步',
      '> 提示',
      '',
      '![图](/media/help/x.svg)',
      '| 方式 | 说明 |',
      '| --- | --- |',
      '| 银行卡 | 含小数 | 自动 |',
      '```',
      'printf %s **x** | sha256sum',
      '```',
    ].join('\n');
    expect(plainText(body)).toBe(
      '标题\n\n段落含 加粗 和 链接。\n\n• 第一项\n1. 第一步\n提示\n\n方式：说明\n银行卡：含小数｜自动\nprintf %s **x** | sha256sum',
    );
  });

  it('shows raw HTML as the text it is', () => {
    expect(plainText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });

  it('cuts a long text at a line or sentence end, with an ellipsis', () => {
    const body = `${'第一句话很长。'.repeat(30)}\n\n${'第二段。'.repeat(40)}`;
    const cut = excerpt(body, 100);
    expect(cut.length).toBeLessThanOrEqual(101);
    expect(cut.endsWith('。…')).toBe(true);
    expect(excerpt('短文本', 100)).toBe('短文本');
  });
});
