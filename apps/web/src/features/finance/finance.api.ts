import type { DepositOrder, TransferResult, Withdrawal } from '@jinb/contract';
import type { Body } from '@jinb/contract/endpoints';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, get, post } from '../../shared/api/client';
import { encryptPassword } from '../../shared/crypto/encrypt-password';
import { refreshBalance } from '../../shared/session/session.queries';

/**
 * Query keys of the wallet screens. Everything a member owns sits under their id, so a second member signing in on
 * the same page never sees the first one's cards, orders or balances from the cache.
 */
export const financeKeys = {
  all: ['finance'] as const,
  member: (memberId: string) => [...financeKeys.all, memberId] as const,
  depositChannels: (memberId: string) => [...financeKeys.member(memberId), 'depositChannels'] as const,
  depositOrders: (memberId: string) => [...financeKeys.member(memberId), 'depositOrder'] as const,
  depositOrder: (memberId: string, id: string) => [...financeKeys.depositOrders(memberId), id] as const,
  withdrawInfo: (memberId: string) => [...financeKeys.member(memberId), 'withdrawInfo'] as const,
  cards: (memberId: string) => [...financeKeys.member(memberId), 'cards'] as const,
  withdrawals: (memberId: string) => [...financeKeys.member(memberId), 'withdrawals'] as const,
  wallets: (memberId: string) => [...financeKeys.member(memberId), 'wallets'] as const,
  assets: (memberId: string) => [...financeKeys.member(memberId), 'assets'] as const,
  demoMode: () => [...financeKeys.all, 'demoMode'] as const,
  autoTransfer: (memberId: string) => [...financeKeys.member(memberId), 'autoTransfer'] as const,
};

/** /finance/transfer: whether launching a transfer-wallet game moves the main balance there (免转, on by default). */
export const autoTransferQuery = (memberId: string) =>
  queryOptions({
    queryKey: financeKeys.autoTransfer(memberId),
    queryFn: ({ signal }) => get('autoTransfer', { signal }),
  });

export function saveAutoTransfer(autoTransfer: boolean) {
  return post('saveAutoTransfer', { body: { autoTransfer } });
}

/** /finance/deposit: the channels a member can pay through, with their limits and tips. */
export const depositChannelsQuery = (memberId: string) =>
  queryOptions({
    queryKey: financeKeys.depositChannels(memberId),
    queryFn: ({ signal }) => get('depositChannels', { signal }),
  });

/** /finance/deposit/info: one order and its status, polled while the member pays. */
export const depositOrderQuery = (memberId: string, id: string) =>
  queryOptions({
    queryKey: financeKeys.depositOrder(memberId, id),
    queryFn: ({ signal }) => get('depositOrder', { query: { id }, signal }),
  });

/** /finance/withdraw: limits, what is left today, the fee rule and unmet turnover. */
export const withdrawInfoQuery = (memberId: string) =>
  queryOptions({
    queryKey: financeKeys.withdrawInfo(memberId),
    queryFn: ({ signal }) => get('withdrawInfo', { signal }),
  });

/** /finance/withdraw: the member's bound accounts (masked). */
export const cardsQuery = (memberId: string) =>
  queryOptions({
    queryKey: financeKeys.cards(memberId),
    queryFn: ({ signal }) => get('cards', { signal }),
  });

/** /finance/withdraw: the member's recent withdrawals and their states. */
export const withdrawalsQuery = (memberId: string) =>
  queryOptions({
    queryKey: financeKeys.withdrawals(memberId),
    queryFn: ({ signal }) => get('withdrawals', { signal }),
  });

/** /finance/transfer: every venue wallet (an empty show lists them all). */
export const walletsQuery = (memberId: string) =>
  queryOptions({
    queryKey: financeKeys.wallets(memberId),
    queryFn: ({ signal }) => get('walletList', { query: { show: '' }, signal }),
  });

/** /finance/myAssets. */
export const assetsQuery = (memberId: string) =>
  queryOptions({
    queryKey: financeKeys.assets(memberId),
    queryFn: ({ signal }) => get('assets', { signal }),
  });

/**
 * Whether the server runs in demo mode (its dev helpers answer), which is when the simulated payment button makes
 * sense. Asked once per page life.
 */
export const demoModeQuery = () =>
  queryOptions({
    queryKey: financeKeys.demoMode(),
    queryFn: async ({ signal }) => {
      try {
        await get('devOutbox', { query: { to: 'x' }, signal });
        return true;
      } catch {
        return false;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function createDeposit(body: Body<'deposit'>, idempotencyKey: string): Promise<DepositOrder> {
  return post('deposit', { body, idempotencyKey });
}

/** Demo only: has the simulated gateway (or chain watcher) pay the order. */
export function simulatePayment(id: string): Promise<DepositOrder> {
  return post('devSimulatePayment', { body: { id } });
}

/** The withdraw password leaves the browser RSA-encrypted, like the login password. */
export async function createWithdrawal(body: Body<'withdraw'>, idempotencyKey: string): Promise<Withdrawal> {
  const password = await encryptPassword(body.password);
  return post('withdraw', { body: { ...body, password }, idempotencyKey });
}

export function cancelWithdrawal(id: Body<'withdrawCancel'>['id'], idempotencyKey: string): Promise<Withdrawal> {
  return post('withdrawCancel', { body: { id }, idempotencyKey });
}

export function transfer(body: Body<'transfer'>, idempotencyKey: string): Promise<TransferResult> {
  return post('transfer', { body, idempotencyKey });
}

/** Every venue balance back to the main wallet. */
export function recallAll(idempotencyKey: string): Promise<TransferResult> {
  return post('recall', { idempotencyKey });
}

/** After money moved: every balance the wallet screens show is stale, the main wallet's (shown everywhere) too. */
export function invalidateBalances(client: QueryClient, memberId: string): void {
  void refreshBalance(client, true);
  for (const key of [financeKeys.withdrawInfo, financeKeys.wallets, financeKeys.assets]) {
    void client.invalidateQueries({ queryKey: key(memberId) });
  }
}

/** A money-moving call's input: what to do, and the Idempotency-Key that makes a retry of it harmless. */
type Keyed<Input> = { body: Input; idempotencyKey: string };

/** /finance/deposit's submit: the new order goes into the cache, so its page shows it without asking again. */
export function useCreateDeposit(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<Body<'deposit'>>) => createDeposit(body, idempotencyKey),
    onSuccess: (order) => queryClient.setQueryData(financeKeys.depositOrder(memberId, order.id), order),
  });
}

/**
 * /finance/withdraw's submit: afterwards every balance and the list of withdrawals are stale. A refusal (other than
 * a wrong password) may mean the limits, turnover or password setting changed under the member, so they are
 * reloaded; a lost connection says nothing about them.
 */
export function useCreateWithdrawal(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<Body<'withdraw'>>) => createWithdrawal(body, idempotencyKey),
    onSuccess: () => {
      invalidateBalances(queryClient, memberId);
      void queryClient.invalidateQueries({ queryKey: financeKeys.withdrawals(memberId) });
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || ['WITHDRAW_PASSWORD_WRONG', 'NETWORK', 'TIMEOUT'].includes(error.code))
        return;
      void queryClient.invalidateQueries({ queryKey: financeKeys.withdrawInfo(memberId) });
    },
  });
}

/**
 * Cancelling a withdrawal nobody has picked up: the money is back in the main wallet, and the list shows the
 * withdrawal as it now is whether or not the cancel went through.
 */
export function useCancelWithdrawal(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<Body<'withdrawCancel'>>) => cancelWithdrawal(body.id, idempotencyKey),
    onSuccess: () => invalidateBalances(queryClient, memberId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: financeKeys.withdrawals(memberId) });
    },
  });
}

/** /finance/transfer's submit between the main wallet and a venue; the answer carries every balance after it. */
export const useTransfer = () =>
  useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<Body<'transfer'>>) => transfer(body, idempotencyKey),
  });

/** /finance/transfer's "recall all". */
export const useRecallAll = () => useMutation({ mutationFn: recallAll });
