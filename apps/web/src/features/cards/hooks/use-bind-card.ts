import type { UserInfo } from '@jinb/contract';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useIdempotencyKey } from '../../../shared/api/idempotency';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { goBack } from '../../../shared/navigation/go-back';
import { paths } from '../../../shared/paths';
import { showError, showSuccess } from '../../../shared/ui/feedback';
import { type BindCardInput, useBindCardMutation } from '../cards.api';
import '../cards.locale';

/**
 * Submitting a card form: one Idempotency-Key per attempt at binding (kept across a failed or timed-out try so the
 * retry cannot bind twice, renewed when the member edits the form), then back to the list.
 */
export function useBindCard(user: UserInfo) {
  const { t } = useTranslation('cards');
  const [key, renewKey] = useIdempotencyKey();
  const bind = useBindCardMutation(user);
  // A second tap can land before the button re-renders as busy; it must not send a second request.
  const inFlight = useRef(false);
  const navigate = useNavigate();

  const submit = (input: BindCardInput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    bind.mutate(
      { input, idempotencyKey: key },
      {
        onSuccess: () => {
          renewKey();
          showSuccess(t('bound'));
          goBack(navigate, paths.cards);
        },
        onError: showError,
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return { submit, submitting: bind.isPending, inputsChanged: renewKey };
}
