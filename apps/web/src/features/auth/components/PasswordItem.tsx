import { Form, Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../auth.locale';
import styles from '../auth.module.css';
import type { FormRule } from '../form-rules';

type PasswordItemProps = {
  name: string;
  label: string;
  placeholder: string;
  autoComplete: 'current-password' | 'new-password';
  rules?: FormRule[];
  dependencies?: string[];
  enterKeyHint?: 'next' | 'done' | 'go';
};

/** A password field with a show/hide toggle (typing a password on a phone keyboard blind is error prone). */
export function PasswordItem({
  name,
  label,
  placeholder,
  autoComplete,
  rules,
  dependencies,
  enterKeyHint,
}: PasswordItemProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <Form.Item
      name={name}
      label={label}
      rules={rules}
      dependencies={dependencies}
      extra={
        <button
          type="button"
          className={styles.iconButton}
          aria-label={visible ? t('hidePassword') : t('showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      }
    >
      <Input
        type={visible ? 'text' : 'password'}
        placeholder={placeholder}
        autoComplete={autoComplete}
        autoCapitalize="off"
        autoCorrect="off"
        maxLength={autoComplete === 'new-password' ? 20 : undefined}
        enterKeyHint={enterKeyHint}
      />
    </Form.Item>
  );
}
