import { Toast } from 'antd-mobile';
import { ApiError } from '../../shared/api/client';
import { i18next } from '../../shared/i18n/i18n';

/** The server's message as it came (already translated); anything unexpected becomes "please retry". */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  console.error(error);
  return i18next.t('tryAgain', { ns: 'common' });
}

export function showError(error: unknown): void {
  Toast.show({ content: errorMessage(error) });
}

export function showSuccess(content: string): void {
  Toast.show({ icon: 'success', content });
}

export function showFailure(content: string): void {
  Toast.show({ icon: 'fail', content });
}
