import { Toast } from 'antd-mobile';
import { ApiError } from '../../shared/api/client';
import { i18next } from '../../shared/i18n/i18n';

/** Tells the member why a call failed: the server's message as it came (already translated), else "please retry". */
export function showError(error: unknown): void {
  if (!(error instanceof ApiError)) console.error(error);
  Toast.show({ content: error instanceof ApiError ? error.message : i18next.t('tryAgain', { ns: 'common' }) });
}

export function showSuccess(content: string): void {
  Toast.show({ icon: 'success', content });
}

type ValidateErrorInfo = { errorFields?: ReadonlyArray<{ errors: ReadonlyArray<string> }> };

/**
 * With the keyboard up the inline message under a field may be off screen, so the first one is also toasted.
 * Takes whatever a failed validation produced (rc-field-form's error info or anything else).
 */
export function showFirstFieldError(info: unknown): void {
  const first = (info as ValidateErrorInfo | undefined)?.errorFields?.find((field) => field.errors.length > 0);
  if (first) Toast.show({ content: first.errors[0] });
}
