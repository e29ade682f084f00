import { deriveWithdrawPassword, type UserInfo } from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { withdrawPasswordConfigQuery } from '../../account/account.api';

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
