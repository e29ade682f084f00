import { fields, type SmsType } from '@jinb/contract';
import { i18next } from '../i18n/i18n';
import { showError, showFirstFieldError, showSuccess } from '../ui/feedback';
import { type AnyForm, fieldError } from './form-rules';
import { sendSmsCode } from './forms.api';
import './forms.locale';
import { pickedArea } from './PhoneFields';
import type { CaptchaState } from './use-captcha';

/**
 * Sends an SMS code for the area, phone and captcha currently in `form` (fields `area`, `phone`, `code`) and tells
 * the member it went (`sentMessage`, or "code sent"). The server consumes the captcha answer either way, so the
 * field is cleared and a new image loaded whatever happens. Resolves with the cooldown in seconds; rejects after
 * telling the member what is wrong.
 */
export async function requestSmsCode(
  form: AnyForm,
  type: SmsType,
  captcha: CaptchaState,
  sentMessage = i18next.t('codeSent', { ns: 'forms' }),
): Promise<number> {
  try {
    await form.validateFields(['area', 'phone']);
  } catch (info) {
    showFirstFieldError(info);
    throw info;
  }
  const code = String(form.getFieldValue('code') ?? '').trim();
  const captchaError = fieldError(fields.captcha, code || undefined, i18next.t);
  if (captchaError) {
    form.setFields([{ name: 'code', errors: [captchaError] }]);
    showFirstFieldError({ errorFields: [{ errors: [captchaError] }] });
    throw new Error(captchaError);
  }
  try {
    const { cooldown } = await sendSmsCode({
      area: pickedArea(form.getFieldValue('area')),
      phone: String(form.getFieldValue('phone')).trim(),
      type,
      code,
    });
    showSuccess(sentMessage);
    return cooldown;
  } catch (error) {
    showError(error);
    throw error;
  } finally {
    form.setFieldValue('code', '');
    captcha.refresh();
  }
}
