import { type Card, type CardKind, normalizedAccountNo } from '@jinb/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { configTree } from '../../db/schema';
import { memberRepository, uniqueViolation } from '../../member/member.repository';
import { AppError } from '../../shared/app-error';
import type { InvalidationBus } from '../../shared/invalidation-bus';
import type { LedgerService } from '../ledger/ledger.service';
import type { WalletRulesCache } from '../wallet-settings';
import { toCard } from '../wallet-view';
import type { WithdrawPasswordService } from '../withdraw/withdraw-password.service';
import { isTronAddress } from './address-format';
import { cardsRepository } from './cards.repository';

export type CardsService = ReturnType<typeof createCardsService>;

type BindInput = {
  kind: CardKind;
  bankCode: string;
  branch: string;
  holderName: string;
  accountNo: string;
  network: string;
  password: string;
};

/** Where withdrawals go: bank cards, Alipay accounts and USDT addresses, bound behind the withdraw password. */
export function createCardsService(deps: {
  db: Database;
  rules: WalletRulesCache;
  ledger: LedgerService;
  withdrawPassword: WithdrawPasswordService;
  bus: InvalidationBus;
}) {
  const { db } = deps;

  async function bankName(code: string): Promise<string | null> {
    const [row] = await db
      .select({ label: configTree.label })
      .from(configTree)
      .where(and(eq(configTree.parentId, '010'), eq(configTree.code, code)))
      .limit(1);
    return row?.label ?? null;
  }

  /** The account's shape was checked with the request (bindCardBody); what needs the server is checked here. */
  async function validate(input: BindInput, realName: string) {
    const accountNo = normalizedAccountNo(input.kind, input.accountNo);
    let name = '';
    let network = '';
    if (input.kind === 'bank') {
      const found = await bankName(input.bankCode);
      if (!found) throw new AppError('BANK_UNKNOWN');
      name = found;
    } else if (input.kind === 'usdt') {
      network = input.network.toUpperCase();
      if (network === 'TRC20' && !isTronAddress(accountNo)) throw new AppError('USDT_ADDRESS_INVALID');
    }
    if (input.kind !== 'usdt') {
      if (input.holderName.length < 2) throw new AppError('NAME_FORMAT');
      // Money only goes to an account in the member's own name.
      if (realName && realName !== input.holderName) throw new AppError('HOLDER_NAME_MISMATCH');
    }
    return { accountNo, bankName: name, network };
  }

  return {
    async list(memberId: bigint): Promise<Card[]> {
      return (await cardsRepository.cards(db, memberId)).map(toCard);
    },

    async bind(memberId: bigint, key: string, input: BindInput): Promise<Card> {
      const member = await memberRepository.findById(db, memberId);
      if (!member) throw new AppError('SESSION_EXPIRED');
      const valid = await validate(input, member.realName);
      await deps.withdrawPassword.verify(memberId, input.password);
      const rules = await deps.rules.get();
      try {
        const row = await deps.ledger.transaction(async (tx) => {
          await deps.ledger.lockMember(tx, memberId);
          const replay = await cardsRepository.cardByKey(tx, memberId, key);
          if (replay) {
            if (replay.kind !== input.kind || replay.accountNo !== valid.accountNo)
              throw new AppError('IDEMPOTENCY_CONFLICT');
            return replay;
          }
          const existing = await cardsRepository.cards(tx, memberId);
          if (existing.some((card) => card.kind === input.kind && card.accountNo === valid.accountNo)) {
            throw new AppError('CARD_DUPLICATE');
          }
          if (existing.filter((card) => card.kind === input.kind).length >= rules.cardLimits[input.kind]) {
            throw new AppError('CARD_LIMIT');
          }
          if (input.kind !== 'usdt') await cardsRepository.setRealNameIfEmpty(tx, memberId, input.holderName);
          return cardsRepository.insertCard(tx, {
            memberId,
            kind: input.kind,
            bankCode: input.kind === 'bank' ? input.bankCode : '',
            bankName: valid.bankName,
            branch: input.kind === 'bank' ? input.branch : '',
            holderName: input.kind === 'usdt' ? '' : input.holderName,
            accountNo: valid.accountNo,
            network: valid.network,
            idempotencyKey: key,
          });
        });
        await deps.bus.publish({ kind: 'member', memberId: memberId.toString() });
        return toCard(row);
      } catch (error) {
        if (uniqueViolation(error) === 'member_cards_account_key') throw new AppError('CARD_DUPLICATE');
        throw error;
      }
    },
  };
}
