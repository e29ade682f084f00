import type { UserInfo } from '@jinb/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useIdempotencyKey } from '../../../shared/api/idempotency';
import { goBack } from '../../../shared/navigation/go-back';
import { paths } from '../../../shared/paths';
import { refreshMember } from '../../../shared/session/session.queries';
import { withdrawPasswordKeys } from '../../../shared/session/withdraw-password';
import { showError, showSuccess } from '../../../shared/ui/feedback';
import { type BindCardInput, bindCard, cardsKeys } from '../cards.api';
import '../cards.locale';

/**
 * Submitting a card form: one Idempotency-Key per attempt at binding (kept across a failed or timed-out try so the
 * retry cannot bind twice, renewed when the member edits the form), then back to the list.
 */
export function useBindCard(user: UserInfo) {
  const { t } = useTranslation('cards');
  const [key, renewKey] = useIdempotencyKey();
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const submit = async (input: BindCardInput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    try {
      await bindCard(input, key);
      renewKey();
      void queryClient.invalidateQueries({ queryKey: cardsKeys.all });
      // The first bank or Alipay account in a name becomes the member's real name on the server.
      if (input.kind !== 'usdt' && !user.realName) void refreshMember(queryClient, true);
      showSuccess(t('bound'));
      goBack(navigate, paths.cards);
    } catch (error) {
      // Set elsewhere in the meantime, or the config was stale: reload it so the page asks for the password.
      if (error instanceof ApiError && error.code === 'WITHDRAW_PASSWORD_NOT_SET') {
        void queryClient.invalidateQueries({ queryKey: withdrawPasswordKeys.config(user.id) });
      }
      showError(error);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return { submit, submitting, inputsChanged: renewKey };
}
