import type { Database } from '../db/database';
import type { RealtimePublisher } from '../realtime/realtime-port';
import type { LedgerService } from '../wallet/ledger/ledger.service';
import { createInboxPush } from './inbox-push';
import { messagesRepository } from './messages.repository';
import { createMessagesService } from './messages.service';
import { createMessagesAdmin } from './messages-admin.service';
import { createSystemMessages } from './system-messages';

export type MessageServices = ReturnType<typeof createMessageServices>;

/** The inbox's services, wired once per process (the container calls this before the modules that send messages). */
export function createMessageServices(deps: {
  db: Database;
  ledger: LedgerService;
  publisher: RealtimePublisher;
  timeZone: string;
  logger: { warn(object: object, message: string): void };
}) {
  const push = createInboxPush({
    read: (memberIds) => messagesRepository.unreadOf(deps.db, memberIds),
    publisher: deps.publisher,
    logger: deps.logger,
  });
  return {
    push,
    system: createSystemMessages({ ledger: deps.ledger, push, timeZone: deps.timeZone }),
    inbox: createMessagesService({ db: deps.db, push }),
    admin: createMessagesAdmin({ db: deps.db, ledger: deps.ledger, push }),
  };
}
