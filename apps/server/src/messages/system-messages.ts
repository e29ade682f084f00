import { platformDay } from '@jinb/contract';
import type { Executor } from '../db/database';
import type { LedgerService } from '../wallet/ledger/ledger.service';
import type { InboxPush } from './inbox-push';
import { renderTemplate, type TemplateKey, type TemplateParams } from './message-templates';
import { messagesRepository, type SystemNote } from './messages.repository';

/** A system message to send: whom, which template with which params, and the event it belongs to. */
export type Notice = { memberId: bigint; template: TemplateKey; params: TemplateParams; ref: string };

export type SystemMessages = ReturnType<typeof createSystemMessages>;

/**
 * What other modules call to tell a member something happened, inside the transaction of the event itself: the
 * message commits with the event or not at all, and one event (its `ref`) gives one message however often it is
 * replayed. The unread push follows the commit.
 */
export function createSystemMessages(deps: { ledger: LedgerService; push: InboxPush; timeZone: string }) {
  function notes(notices: readonly Notice[]): SystemNote[] {
    return notices.map((notice) => ({ ...notice, ...renderTemplate(notice.template, notice.params, 'zh-CN') }));
  }

  return {
    /** In a `ledger.transaction` (every money use case): written now, the unread counts pushed after the commit. */
    async sendIn(tx: Executor, notices: readonly Notice[]): Promise<void> {
      const members = await messagesRepository.insertSystem(tx, notes(notices));
      if (members.length > 0) deps.ledger.afterCommit(tx, () => deps.push.changed(members));
    },

    /**
     * In a transaction the ledger did not open (sign-in, profile changes): written now; the caller calls `changed`
     * with the answer once its transaction has committed.
     */
    writeIn(tx: Executor, notices: readonly Notice[]): Promise<bigint[]> {
      return messagesRepository.insertSystem(tx, notes(notices));
    },

    changed(memberIds: readonly bigint[]): void {
      deps.push.changed(memberIds);
    },

    /** A sign-in's time as the message shows it: the platform's day and minute. */
    stamp(at: Date = new Date()): string {
      const time = new Intl.DateTimeFormat('en-GB', {
        timeZone: deps.timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(at);
      return `${platformDay(at, deps.timeZone)} ${time}`;
    },
  };
}
