import '../i18n/i18n';
import { fields } from '@jinb/contract';
import { describe, expect, test } from 'vitest';
import { i18next } from '../i18n/i18n';
import { fieldError } from './form-rules';

const t = i18next.t.bind(i18next);

describe('account validation', () => {
  test.each(['abc', 'abcdefghijkl', 'ab_12', 'ab 12', '张三abcd'])(
    '"%s" is refused with the spec message',
    (account) => {
      expect(fieldError(fields.account, account, t)).toBe('请输入4-11位数字和字母');
    },
  );

  test.each(['demo', 'demo01', 'A1b2C3d4E5f'])('"%s" is accepted', (account) => {
    expect(fieldError(fields.account, account, t)).toBeNull();
  });

  test('an empty account asks for one', () => {
    expect(fieldError(fields.account, undefined, t)).toBe('请输入账号');
  });
});
