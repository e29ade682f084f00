import { deriveWithdrawPassword, type UserInfo } from '@jinb/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../api/client';
import { useCurrentUser } from './use-current-user';

export const withdrawPasswordKeys = {
  all: ['withdrawPassword'] as const,
  /** Per member, so a second member signing in on the same page never sees the first one's answer. */
  config: (memberId: string) => [...withdrawPasswordKeys.all, memberId, 'config'] as const,
};

/**
 * Whether the platform has the withdraw password on and whether the member has set one: the security settings,
 * the card forms and the withdraw-password page all ask.
 */
export const withdrawPasswordConfigQuery = (memberId: string) =>
  queryOptions({
    queryKey: withdrawPasswordKeys.config(memberId),
    queryFn: ({ signal }) => get('withdrawPasswordConfig', { signal }),
  });

export type WithdrawPasswordStatus =
  | { status: 'loading'; user: null; error: null; reload: () => void }
  | { status: 'error'; user: null; error: Error | null; reload: () => void }
  | {
      status: 'ready';
      user: UserInfo;
      error: null;
      /** enable (the platform has the feature on), isUsed (set), isToSet (on and not yet set). */
      password: ReturnType<typeof deriveWithdrawPassword>;
      reload: () => void;
      /** Fetches the config again (pull to refresh). */
      refresh: () => Promise<unknown>;
    };

/** The signed-in member and whether their withdraw password is set: every card form needs both. */
export function useWithdrawPasswordStatus(): WithdrawPasswordStatus {
  const current = useCurrentUser();
  const config = useQuery({ ...withdrawPasswordConfigQuery(current.user?.id ?? ''), enabled: current.user !== null });
  const reload = () => {
    if (current.status === 'error') current.reload();
    if (config.isError) void config.refetch();
  };
  if (current.status === 'error') return { status: 'error', user: null, error: null, reload };
  if (config.isError) return { status: 'error', user: null, error: config.error, reload };
  if (current.status !== 'ready' || !config.data) return { status: 'loading', user: null, error: null, reload };
  return {
    status: 'ready',
    user: current.user,
    error: null,
    password: deriveWithdrawPassword(config.data),
    reload,
    refresh: () => config.refetch(),
  };
}
