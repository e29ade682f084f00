import type { ReactNode } from 'react';
import { ConsoleApiError } from '../api/call';
import { antdApi } from './antd-app';
import { uiMessages } from './messages';

export type ConfirmActionOptions<T> = {
  title: ReactNode;
  content?: ReactNode;
  okText?: string;
  /** A dangerous action (reject, disable, refund): a red OK button. */
  danger?: boolean;
  /** The call; the dialog stays open with a spinner while it runs. */
  action: () => Promise<T>;
  /** What to say when it worked (default 操作成功). */
  success?: string | ((result: T) => string);
  onDone?: (result: T) => void;
};

/**
 * Asks before an action, makes the call, and says what came of it: the success message, or the server's own message
 * when it refused (the dialog then closes, and the error is not thrown further). Resolves with the result or
 * undefined when cancelled or refused.
 */
export function confirmAction<T>(options: ConfirmActionOptions<T>): Promise<T | undefined> {
  const { message, modal } = antdApi();
  return new Promise((resolve) => {
    modal.confirm({
      title: options.title,
      content: options.content,
      okText: options.okText ?? uiMessages.confirm,
      cancelText: uiMessages.cancel,
      okButtonProps: { danger: options.danger },
      async onOk() {
        try {
          const result = await options.action();
          const text =
            typeof options.success === 'function' ? options.success(result) : (options.success ?? uiMessages.done);
          void message.success(text);
          options.onDone?.(result);
          resolve(result);
        } catch (error) {
          void message.error(error instanceof ConsoleApiError ? error.message : uiMessages.failed);
          resolve(undefined);
        }
      },
      onCancel() {
        resolve(undefined);
      },
    });
  });
}
