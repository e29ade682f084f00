import { fields, type SmsType } from '@jinb/contract';
import type { Form } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { sendSmsCode } from './auth.api';
import { pickedArea } from './components/PhoneFields';
import { showError, showFirstFieldError } from './feedback';
import { fieldError } from './form-rules';
import type { CaptchaState } from './hooks/use-captcha';

type AnyForm = ReturnType<typeof Form.useForm>[0];

/**
 * Sends an SMS code for the area, phone and captcha currently in `form` (fields `area`, `phone`, `code`).
 * The server consumes the captcha answer either way, so the field is cleared and a new image loaded whatever
 * happens. Resolves with the cooldown in seconds; rejects after telling the member what is wrong.
 */
export async function requestSmsCode(
  form: AnyForm,
  type: SmsType,
  captcha: CaptchaState,
  t: TFunction,
): Promise<number> {
  try {
    await form.validateFields(['area', 'phone']);
  } catch (info) {
    showFirstFieldError(info);
    throw info;
  }
  const code = String(form.getFieldValue('code') ?? '').trim();
  const captchaError = fieldError(fields.captcha, code || undefined, t);
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
    return cooldown;
  } catch (error) {
    showError(error);
    throw error;
  } finally {
    form.setFieldValue('code', '');
    captcha.refresh();
  }
}
