import type { UserInfo } from '@jinb/contract';
import type { Body } from '@jinb/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../shared/api/client';
import { encryptPassword } from '../../shared/crypto/encrypt-password';
import { withdrawPasswordKeys } from '../../shared/session/withdraw-password';
import { useStepUp } from '../../shared/step-up/with-step-up';

/** The call's body with the passwords as typed; they leave the browser only encrypted. */
export type WithdrawPasswordBody = Body<'withdrawPassword'>;

/** First set needs only the session; a change proves the member with the old password or an SMS code. */
export async function saveWithdrawPassword(body: WithdrawPasswordBody): Promise<void> {
  const [password, oldPassword] = await Promise.all([
    encryptPassword(body.password),
    body.oldPassword ? encryptPassword(body.oldPassword) : undefined,
  ]);
  await post('withdrawPassword', { body: { password, oldPassword, smsCode: body.smsCode } });
}

/**
 * /setting/wpassword's submit. The config is reloaded before it counts as done, so every page that asked for the
 * password stops asking.
 */
export function useSaveWithdrawPasswordMutation(user: UserInfo) {
  const queryClient = useQueryClient();
  const stepUp = useStepUp();
  return useMutation({
    // Setting or changing it needs a step-up of the session first (the dialog asks, then the call is sent again).
    mutationFn: (body: WithdrawPasswordBody) => stepUp(() => saveWithdrawPassword(body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: withdrawPasswordKeys.config(user.id) }),
  });
}
