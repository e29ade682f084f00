import { Form, Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { type AnyForm, checkRule, type FormRule } from './form-rules';
import './forms.locale';
import styles from './forms.module.css';

/** The eye beside a password field: typing a password on a phone keyboard blind is error prone. */
export function RevealButton({
  visible,
  onToggle,
  labels,
}: {
  visible: boolean;
  onToggle: () => void;
  labels: { show: string; hide: string };
}) {
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-label={visible ? labels.hide : labels.show}
      aria-pressed={visible}
      onClick={onToggle}
    >
      {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
    </button>
  );
}

type PasswordItemProps = {
  name: string;
  label: string;
  placeholder: string;
  autoComplete: 'current-password' | 'new-password';
  rules?: FormRule[];
  dependencies?: string[];
  enterKeyHint?: 'next' | 'done' | 'go';
};

/** A password field with a show/hide toggle. */
export function PasswordItem({
  name,
  label,
  placeholder,
  autoComplete,
  rules,
  dependencies,
  enterKeyHint,
}: PasswordItemProps) {
  const { t } = useTranslation('forms');
  const [visible, setVisible] = useState(false);
  return (
    <Form.Item
      name={name}
      label={label}
      rules={rules}
      dependencies={dependencies}
      extra={
        <RevealButton
          visible={visible}
          onToggle={() => setVisible((value) => !value)}
          labels={{ show: t('showPassword'), hide: t('hidePassword') }}
        />
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

/** The new password once more (field `confirm`), checked against what is in the `password` box now. */
export function ConfirmPasswordItem({
  form,
  label,
  placeholder,
}: {
  form: AnyForm;
  label: string;
  placeholder: string;
}) {
  const { t } = useTranslation('forms');
  return (
    <PasswordItem
      name="confirm"
      label={label}
      placeholder={placeholder}
      autoComplete="new-password"
      enterKeyHint="done"
      dependencies={['password']}
      rules={[
        checkRule((value) => {
          if (!value) return placeholder;
          return value === form.getFieldValue('password') ? null : t('passwordMismatch');
        }),
      ]}
    />
  );
}
