import { expect, test } from 'vitest';
import { localize, localizedText, traditional } from './localize';

test('a text the operator wrote in zh-HK is served as written; a missing one is converted to traditional', () => {
  const notice = {
    id: 1,
    title: '系统维护公告',
    content: '充值与提现暂停',
    i18n: { 'zh-HK': { title: '系統維護通告' } },
  };
  expect(localize(notice, ['title', 'content'], 'zh-HK')).toEqual({
    ...notice,
    title: '系統維護通告',
    content: '充值與提現暫停',
  });
  expect(localize(notice, ['title', 'content'], 'zh-CN')).toBe(notice);
});

test('game names and rows without texts are converted, blank stays blank', () => {
  expect(localizedText('百家乐', undefined, 'name', 'zh-HK')).toBe('百家樂');
  expect(localizedText('', {}, 'name', 'zh-HK')).toBe('');
  expect(traditional('体育')).toBe('體育');
});
