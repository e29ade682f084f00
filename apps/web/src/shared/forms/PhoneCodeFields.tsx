import { fields } from '@jinb/contract';
import { Form, Input } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { CaptchaItem } from './CaptchaItem';
import { type AnyForm, type FormRule, schemaRule } from './form-rules';
import './forms.locale';
import { PhoneFields } from './PhoneFields';
import { SendCodeButton } from './SendCodeButton';
import type { CaptchaState } from './use-captcha';

type PhoneCodeFieldsProps = {
  form: AnyForm;
  captcha: CaptchaState;
  /** Asks for the code (usually requestSmsCode) and resolves with the cooldown in seconds. */
  onSend: () => Promise<number>;
  /** The SMS code's field (`oldSmsCode` when the code proves the phone being replaced). */
  codeName?: string;
  codeEnterKeyHint?: 'next' | 'done';
  captchaRules?: FormRule[];
  captchaDescription?: ReactNode;
};

/**
 * A phone proven by SMS: calling code and number, the captcha that guards the SMS request, and the code it sends
 * with its countdown button. Register, forget password, bind phone and the withdraw password all ask this way.
 */
export function PhoneCodeFields({
  form,
  captcha,
  onSend,
  codeName = 'smsCode',
  codeEnterKeyHint = 'next',
  captchaRules,
  captchaDescription,
}: PhoneCodeFieldsProps) {
  const { t } = useTranslation('forms');
  return (
    <>
      <PhoneFields form={form} />
      <CaptchaItem captcha={captcha} rules={captchaRules} description={captchaDescription} />
      <Form.Item
        name={codeName}
        label={t('smsCode')}
        rules={[schemaRule(fields.smsCode, t)]}
        extra={<SendCodeButton onSend={onSend} />}
      >
        <Input
          placeholder={t('smsCodePlaceholder')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          enterKeyHint={codeEnterKeyHint}
        />
      </Form.Item>
    </>
  );
}
