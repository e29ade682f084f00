import type { Card, UserInfo } from '@jinb/contract';
import type { Body } from '@jinb/contract/endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, get, post } from '../../shared/api/client';
import { encryptPassword } from '../../shared/crypto/encrypt-password';
import { refreshMember } from '../../shared/session/session.queries';
import { withdrawPasswordKeys } from '../../shared/session/withdraw-password';
import { useStepUp } from '../../shared/step-up/with-step-up';

/** The config tree node that lists the banks members can bind (spec: tree with id=010). */
export const BANK_TREE_ID = '010';

export const cardsKeys = {
  all: ['cards'] as const,
  /** Per member, so a second member signing in on the same page never sees the first one's cards. */
  list: (memberId: string) => [...cardsKeys.all, memberId, 'list'] as const,
  banks: () => [...cardsKeys.all, 'banks'] as const,
};

/** The member's withdrawal accounts: bank cards, Alipay accounts and USDT addresses (numbers masked). */
export const cardsQuery = (memberId: string) =>
  queryOptions({
    queryKey: cardsKeys.list(memberId),
    queryFn: ({ signal }) => get('cards', { signal }),
    enabled: memberId !== '',
  });

/** Banks a card can be bound at, in the operator's order. */
export const banksQuery = queryOptions({
  queryKey: cardsKeys.banks(),
  queryFn: ({ signal }) => get('tree', { query: { id: BANK_TREE_ID }, signal }),
  select: (banks) => [...banks].sort((a, b) => a.sort - b.sort),
  staleTime: 60 * 60_000,
});

/** The bind call's body, with the withdraw password as typed; it leaves the browser only encrypted. */
export type BindCardInput = Body<'bindCard'>;

/** Binds a withdrawal account behind the withdraw password; the key makes a retry find the first result. */
export async function bindCard(input: BindCardInput, idempotencyKey: string): Promise<Card> {
  const password = await encryptPassword(input.password);
  return post('bindCard', { body: { ...input, password }, idempotencyKey });
}

/**
 * The three "add" pages' submit. Afterwards the card list is stale, and so is the member when a first bank or
 * Alipay account has just given them a real name; a refusal for want of a withdraw password means the cached
 * config was stale, so it is reloaded and the page asks for the password.
 */
export function useBindCardMutation(user: UserInfo) {
  const queryClient = useQueryClient();
  const stepUp = useStepUp();
  return useMutation({
    // Binding a payout account needs a step-up of the session first (the dialog asks, then the call is sent again).
    mutationFn: ({ input, idempotencyKey }: { input: BindCardInput; idempotencyKey: string }) =>
      stepUp(() => bindCard(input, idempotencyKey)),
    onSuccess: (_card, { input }) => {
      void queryClient.invalidateQueries({ queryKey: cardsKeys.all });
      if (input.kind !== 'usdt' && !user.realName) void refreshMember(queryClient, true);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'WITHDRAW_PASSWORD_NOT_SET') {
        void queryClient.invalidateQueries({ queryKey: withdrawPasswordKeys.config(user.id) });
      }
    },
  });
}
