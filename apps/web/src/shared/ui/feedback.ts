import { ApiError } from '../api/client';
import { i18next } from '../i18n/i18n';
import { showToast, withToast } from './toast';

/*
 * What the member is told after an action, on top of toast.ts (which the app shell loads on its own, so these
 * helpers stay with the pages that use them).
 */

/** The server's message as it came (already translated); anything unexpected becomes "please retry". */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  console.error(error);
  return i18next.t('tryAgain', { ns: 'common' });
}

/** Tells the member why a call failed. */
export function showError(error: unknown): void {
  showToast({ content: errorMessage(error) });
}

export function showSuccess(content: string): void {
  showToast({ icon: 'success', content });
}

export function showFailure(content: string): void {
  showToast({ icon: 'fail', content });
}

type ValidateErrorInfo = { errorFields?: ReadonlyArray<{ errors: ReadonlyArray<string> }> };

/**
 * With the keyboard up the inline message under a field may be off screen, so the first one is also toasted.
 * Takes whatever a failed validation produced (rc-field-form's error info or anything else).
 */
export function showFirstFieldError(info: unknown): void {
  const first = (info as ValidateErrorInfo | undefined)?.errorFields?.find((field) => field.errors.length > 0);
  if (first) showToast({ content: first.errors[0] });
}

/** A spinner toast that stays until closed (an upload, signing out). */
export function showLoading(content: string, options: { maskClickable?: boolean } = {}): { close: () => void } {
  let closed = false;
  let close = () => {};
  withToast((Toast) => {
    if (!closed) close = Toast.show({ icon: 'loading', content, duration: 0, ...options }).close;
  });
  return {
    close: () => {
      closed = true;
      close();
    },
  };
}
