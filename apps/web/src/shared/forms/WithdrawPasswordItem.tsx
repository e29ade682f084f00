import { WITHDRAW_PASSWORD_PATTERN } from '@jinb/contract';
import { Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { checkRule, type FormRule } from './form-rules';
import './forms.locale';
import { RevealButton } from './PasswordItem';

/** Only digits, at most 6: the withdraw password field refuses anything else as it is typed. */
export function withdrawPasswordDigits(value: unknown): string {
  return String(value ?? '')
    .replace(/\D/g, '')
    .slice(0, 6);
}

type WithdrawPasswordItemProps = {
  name: string;
  label?: string;
  placeholder?: string;
  autoComplete?: 'new-password' | 'current-password' | 'off';
  /** Checks that run after the 6-digit format check (e.g. "the two entries match"). */
  rules?: FormRule[];
  dependencies?: string[];
  enterKeyHint?: 'next' | 'done' | 'go';
};

/**
 * The 6-digit withdraw password: the numeric keypad on phones, digits only, a show/hide toggle. Used by the card
 * forms and the withdraw-password page.
 */
export function WithdrawPasswordItem({
  name,
  label,
  placeholder,
  autoComplete = 'off',
  rules = [],
  dependencies,
  enterKeyHint = 'done',
}: WithdrawPasswordItemProps) {
  const { t } = useTranslation('forms');
  const [visible, setVisible] = useState(false);
  const prompt = placeholder ?? t('withdrawPasswordPlaceholder');
  return (
    <Form.Item
      name={name}
      label={label ?? t('withdrawPassword')}
      normalize={withdrawPasswordDigits}
      dependencies={dependencies}
      validateFirst
      rules={[
        checkRule((value) => {
          const text = typeof value === 'string' ? value : '';
          if (!text) return prompt;
          return WITHDRAW_PASSWORD_PATTERN.test(text) ? null : t('WITHDRAW_PASSWORD_FORMAT', { ns: 'errors' });
        }),
        ...rules,
      ]}
      extra={
        <RevealButton
          visible={visible}
          onToggle={() => setVisible((value) => !value)}
          labels={{ show: t('showWithdrawPassword'), hide: t('hideWithdrawPassword') }}
        />
      }
    >
      <Input
        type={visible ? 'text' : 'password'}
        inputMode="numeric"
        maxLength={6}
        placeholder={prompt}
        autoComplete={autoComplete}
        enterKeyHint={enterKeyHint}
      />
    </Form.Item>
  );
}
