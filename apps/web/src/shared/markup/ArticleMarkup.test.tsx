import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { expect, test } from 'vitest';
import { ArticleMarkup } from './ArticleMarkup';

const draw = (body: string) =>
  render(
    <MemoryRouter>
      <ArticleMarkup body={body} />
    </MemoryRouter>,
  );

test('draws headings, paragraphs, lists, tips, bold, tables, pictures and code', () => {
  const { container } = draw(
    [
      '## 充值步骤',
      '',
      '按订单金额 **含小数** 转账，见 [充值](/finance/deposit)。',
      '',
      '1. 第一步',
      '2. 第二步',
      '',
      '- 甲',
      '- 乙',
      '',
      '> 少转多转都无法到账',
      '',
      '| 方式 | 到账 |',
      '| --- | --- |',
      '| 银行卡 | 自动 |',
      '',
      '![充值四步](/media/help/deposit-steps.svg)',
      '',
      '```',
      'printf %s seed | sha256sum',
      '```',
    ].join('\n'),
  );
  expect(screen.getByRole('heading', { level: 3, name: '充值步骤' })).toBeTruthy();
  expect(container.querySelector('strong')?.textContent).toBe('含小数');
  expect(screen.getByRole('link', { name: '充值' }).getAttribute('href')).toBe('/finance/deposit');
  expect(container.querySelectorAll('ol li')).toHaveLength(2);
  expect(container.querySelectorAll('ul li')).toHaveLength(2);
  expect(container.querySelector('aside')?.textContent).toBe('少转多转都无法到账');
  expect(screen.getByRole('columnheader', { name: '方式' })).toBeTruthy();
  expect(screen.getByRole('cell', { name: '银行卡' })).toBeTruthy();
  const image = screen.getByRole('img', { name: '充值四步' });
  expect(image.getAttribute('src')).toBe('/media/help/deposit-steps.svg');
  expect(image.getAttribute('loading')).toBe('lazy');
  expect(container.querySelector('pre')?.textContent).toBe('printf %s seed | sha256sum');
});

test('shows raw HTML as text and never runs or inserts it', () => {
  const body = '<script>window.__pwned = 1</script>\n\n<img src=x onerror="window.__pwned = 2">\n\n**<b>粗</b>**';
  const { container } = draw(body);
  expect(container.querySelector('script')).toBeNull();
  expect(container.querySelector('img')).toBeNull();
  expect(container.querySelector('b')).toBeNull();
  expect(container.textContent).toContain('<script>window.__pwned = 1</script>');
  expect(container.textContent).toContain('<img src=x onerror="window.__pwned = 2">');
  expect((window as { __pwned?: number }).__pwned).toBeUndefined();
});

test('keeps links to other sites and foreign pictures out: words stay, nothing points away', () => {
  const { container } = draw(
    '[点我](https://evil.example) [又一个](//evil.example) [脚本](javascript:alert(1))\n\n![外链](https://evil.example/x.png)',
  );
  expect(container.querySelectorAll('a')).toHaveLength(0);
  expect(container.querySelectorAll('img')).toHaveLength(0);
  expect(container.textContent).toContain('点我');
  expect(container.textContent).toContain('脚本');
});
