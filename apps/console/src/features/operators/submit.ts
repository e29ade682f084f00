import { ConsoleApiError } from '../../shared/api/call';
import { antdApi } from '../../shared/ui/antd-app';
import { uiMessages } from '../../shared/ui/messages';

/**
 * A form's submit: makes the call, says `done` and runs `after` when it worked (true closes the form); shows the
 * server's own message when it refused (false keeps the form open with what was typed).
 */
export async function submitOrShow(action: () => Promise<unknown>, done: string, after?: () => void): Promise<boolean> {
  const { message } = antdApi();
  try {
    await action();
    void message.success(done);
    after?.();
    return true;
  } catch (error) {
    void message.error(error instanceof ConsoleApiError ? error.message : uiMessages.failed);
    return false;
  }
}
