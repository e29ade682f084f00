import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database';
import type { HelpLookup } from '../help/help-lookup';
import { memberRepository } from '../member/member.repository';
import type { SystemMessages } from '../messages/system-messages';
import type { ChatPublisher } from '../realtime/realtime-port';
import type { Limits } from '../shared/limits';
import type { DepositService } from '../wallet/deposit/deposit.service';
import type { LedgerService } from '../wallet/ledger/ledger.service';
import type { WithdrawService } from '../wallet/withdraw/withdraw.service';
import { createGuestTokens } from './guest-token';
import { supportRepository } from './support.repository';
import { createSupportService } from './support.service';
import { createSupportChat } from './support-chat';
import { createSupportDesk } from './support-desk.service';
import { createSupportPresence } from './support-presence';
import { createChatHandler } from './support-socket';

export type SupportServices = ReturnType<typeof createSupportServices>;

/**
 * The customer-service chat (issue 25), wired once per process: the member's side, the agents' desk, the socket's
 * chat handler (the container attaches it to the hub) and the agents' presence.
 */
export function createSupportServices(deps: {
  db: Database;
  publisher: ChatPublisher;
  deskOperators: () => bigint[];
  help: HelpLookup;
  limits: Limits;
  secret: string;
  timeZone: string;
  /** Where uploaded images are stored (uploads/upload.service.ts). */
  uploadsDir: string;
  ledger: LedgerService;
  deposits: DepositService;
  withdrawals: WithdrawService;
  messages: SystemMessages;
  logger: { warn(object: object, message: string): void };
}) {
  const { db } = deps;
  const chat = createSupportChat({
    db,
    publisher: deps.publisher,
    uploaded: async (url) => {
      const name = /^\/uploads\/([a-f0-9]{32}\.(?:png|jpg|gif|webp))$/.exec(url)?.[1];
      if (!name) return false;
      return access(path.join(deps.uploadsDir, name)).then(
        () => true,
        () => false,
      );
    },
  });
  const guests = createGuestTokens(deps.secret);
  const members = createSupportService({
    db,
    chat,
    help: deps.help,
    limits: deps.limits,
    guests,
    timeZone: deps.timeZone,
  });
  const desk = createSupportDesk({
    db,
    chat,
    messages: deps.messages,
    timeZone: deps.timeZone,
    // The member beside the chat, read through the modules that own each part.
    context: {
      async member(memberId) {
        const row = await memberRepository.findById(db, memberId);
        return row
          ? { account: row.account, nickname: row.nickname, vipLevel: row.vipLevel, createdAt: row.createdAt }
          : null;
      },
      async balance(memberId) {
        return (await deps.ledger.mainBalances([memberId])).get(memberId)?.balance ?? 0n;
      },
      async deposits(memberId) {
        return (await deps.deposits.memberOrders(memberId)).map((order) => ({
          id: order.id,
          amount: order.amount,
          status: order.status,
          createdAt: order.createdAt,
        }));
      },
      async withdrawals(memberId) {
        return (await deps.withdrawals.list(memberId)).map((withdrawal) => ({
          id: withdrawal.id,
          amount: withdrawal.amount,
          status: withdrawal.status,
          createdAt: withdrawal.createdAt,
        }));
      },
    },
  });
  const deskCache = { at: 0, value: false };
  const presence = createSupportPresence({ db, deskOperators: deps.deskOperators, logger: deps.logger });
  const socket = createChatHandler({
    members,
    desk,
    operator: (id) => supportRepository.agent(db, id),
    presence,
  });
  return {
    members,
    desk,
    socket,
    presence,
    /**
     * Whether the built-in desk is on (preInfo.supportDesk, on the read path of every page): read at most every
     * 10 s per process, so a change shows everywhere within 10 s.
     */
    async deskOn(): Promise<boolean> {
      if (Date.now() - deskCache.at > 10_000) {
        deskCache.value = (await supportRepository.settings(db)).desk;
        deskCache.at = Date.now();
      }
      return deskCache.value;
    },
    close: () => presence.close(),
  };
}
