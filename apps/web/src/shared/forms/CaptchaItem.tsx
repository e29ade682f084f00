import { DotLoading, Form, Input } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { FormRule } from './form-rules';
import './forms.locale';
import styles from './forms.module.css';
import type { CaptchaState } from './use-captcha';

/** The captcha picture; tapping it loads a new one. */
function CaptchaImage({ captcha }: { captcha: CaptchaState }) {
  const { t } = useTranslation('forms');
  return (
    <button
      type="button"
      className={styles.captcha}
      onClick={captcha.refresh}
      aria-label={t('captchaRefresh')}
      title={t('captchaRefresh')}
      aria-busy={captcha.status === 'loading'}
    >
      {captcha.src && (
        <img
          src={captcha.src}
          alt={t('captchaImage')}
          className={captcha.status === 'loading' ? styles.captchaStale : undefined}
        />
      )}
      {!captcha.src && captcha.status === 'loading' && <DotLoading />}
      {captcha.status === 'error' && <span className={styles.captchaError}>{t('retry', { ns: 'common' })}</span>}
    </button>
  );
}

type CaptchaItemProps = {
  captcha: CaptchaState;
  /**
   * Checks on submit, for forms that send the answer themselves (login, register). Without them the answer is
   * only checked when an SMS code is asked for (requestSmsCode), the one call that uses it.
   */
  rules?: FormRule[];
  description?: ReactNode;
  enterKeyHint?: 'next' | 'go';
};

/** The `code` field: the answer to the captcha picture beside it. */
export function CaptchaItem({ captcha, rules, description, enterKeyHint = 'next' }: CaptchaItemProps) {
  const { t } = useTranslation('forms');
  return (
    <Form.Item
      name="code"
      label={t('captcha')}
      rules={rules}
      extra={<CaptchaImage captcha={captcha} />}
      description={description}
    >
      <Input
        placeholder={t('captchaPlaceholder')}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        maxLength={12}
        enterKeyHint={enterKeyHint}
      />
    </Form.Item>
  );
}
