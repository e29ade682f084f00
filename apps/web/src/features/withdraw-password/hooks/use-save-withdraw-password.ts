import type { UserInfo } from '@jinb/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { withdrawPasswordKeys } from '../../../shared/session/withdraw-password';
import { showError } from '../../../shared/ui/feedback';
import { saveWithdrawPassword, type WithdrawPasswordBody } from '../withdraw-password.api';

/**
 * Saving, then the success page; the config is reloaded so every page that asked for the password stops asking.
 * The button keeps spinning on success, as the page is being left.
 */
export function useSaveWithdrawPassword(user: UserInfo, changed: boolean) {
  const [submitting, setSubmitting] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = async (body: WithdrawPasswordBody) => {
    setSubmitting(true);
    try {
      await saveWithdrawPassword(body);
      await queryClient.invalidateQueries({ queryKey: withdrawPasswordKeys.config(user.id) });
      navigate(paths.withdrawPasswordSuccess, { replace: true, state: { changed } });
    } catch (error) {
      showError(error);
      setSubmitting(false);
    }
  };
  return { save, submitting };
}
