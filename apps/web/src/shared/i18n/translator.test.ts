import { describe, expect, it } from 'vitest';
import { Translator } from './translator';

function sut() {
  return new Translator('zh-CN', 'common')
    .addResourceBundle('zh-CN', 'common', { retry: '重试', tabs: { home: '首页' } })
    .addResourceBundle('zh-CN', 'errors', { TOO_SHORT: '至少 {{min}} 位' })
    .addResourceBundle('zh-CN', 'desktop', { features: ['{{name}}体育', '{{name}}真人'] })
    .addResourceBundle('zh-HK', 'common', { retry: '重試' });
}

describe('the translator', () => {
  it('reads the default namespace, nested keys with dots, and only the build language', () => {
    const { t } = sut();
    expect(t('retry')).toBe('重试');
    expect(t('tabs.home')).toBe('首页');
  });

  it('reads another namespace named in the options or in front of the key', () => {
    const { t } = sut();
    expect(t('TOO_SHORT', { ns: 'errors', min: 6 })).toBe('至少 6 位');
    expect(t('errors:TOO_SHORT', { min: 8 })).toBe('至少 8 位');
  });

  it('leaves a placeholder visible when its value is missing', () => {
    expect(sut().t('TOO_SHORT', { ns: 'errors' })).toBe('至少 {{min}} 位');
  });

  it('says the default value, or else the key, for a key without text', () => {
    const { t } = sut();
    expect(t('codes.unknown', { defaultValue: '其他 {{n}}', n: 2 })).toBe('其他 2');
    expect(t('codes.unknown', { defaultValue: '' })).toBe('');
    expect(t('codes.unknown')).toBe('codes.unknown');
    // A key that names a group of texts is not a text.
    expect(t('tabs')).toBe('tabs');
  });

  it('hands back a list with its placeholders filled when asked for objects', () => {
    expect(sut().getFixedT(null, 'desktop')('features', { returnObjects: true, name: '金币' })).toEqual([
      '金币体育',
      '金币真人',
    ]);
  });

  it('gives one function per namespace, usable unbound', () => {
    const translator = sut();
    expect(translator.getFixedT(null, 'errors')).toBe(translator.getFixedT(null, 'errors'));
    const { t } = translator;
    expect(['retry'].map((key) => t(key))).toEqual(['重试']);
    expect(translator.getFixedT(null, 'errors')('TOO_SHORT', { min: 4 })).toBe('至少 4 位');
  });

  it('knows which namespaces are registered, and adds to one registered twice', () => {
    const translator = sut();
    expect(translator.hasResourceBundle('zh-CN', 'errors')).toBe(true);
    expect(translator.hasResourceBundle('zh-CN', 'records')).toBe(false);
    translator.addResourceBundle('zh-CN', 'common', { cancel: '取消' });
    expect(translator.t('cancel')).toBe('取消');
    expect(translator.t('retry')).toBe('重试');
  });
});
