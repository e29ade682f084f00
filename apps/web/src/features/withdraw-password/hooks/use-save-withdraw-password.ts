import type { UserInfo } from '@jinb/contract';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { showError } from '../../../shared/ui/feedback';
import type { WithdrawPasswordSaved } from '../routes/WithdrawPasswordSuccessPage';
import { useSaveWithdrawPasswordMutation, type WithdrawPasswordBody } from '../withdraw-password.api';

/** Saving, then the success page (which says "set" or "changed"). */
export function useSaveWithdrawPassword(user: UserInfo, changed: boolean) {
  const navigate = useNavigate();
  const mutation = useSaveWithdrawPasswordMutation(user);
  const save = (body: WithdrawPasswordBody) =>
    mutation.mutate(body, {
      onSuccess: () => {
        const state: WithdrawPasswordSaved = { saved: changed ? 'changed' : 'set' };
        navigate(paths.withdrawPasswordSuccess, { replace: true, state });
      },
      onError: showError,
    });
  return { save, submitting: mutation.isPending };
}
