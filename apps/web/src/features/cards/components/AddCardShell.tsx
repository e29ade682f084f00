import type { UserInfo } from '@jinb/contract';
import type { ReactNode } from 'react';
import { paths } from '../../../shared/paths';
import { useWithdrawPasswordStatus } from '../../../shared/session/withdraw-password';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import styles from '../cards.module.css';
import { PasswordRequired } from './PasswordRequired';

/**
 * The frame of the three "add" pages: the member and the withdraw-password config load first; with the password not
 * yet set the page asks for it instead of showing a form that the server would refuse.
 */
export function AddCardShell({ title, children }: { title: string; children: (user: UserInfo) => ReactNode }) {
  const state = useWithdrawPasswordStatus();
  return (
    <div className={styles.page}>
      <PageHeader title={title} fallback={paths.cards} />
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState message={state.error?.message} onRetry={state.reload} />}
      {state.status === 'ready' && (state.password.isToSet ? <PasswordRequired /> : children(state.user))}
    </div>
  );
}
