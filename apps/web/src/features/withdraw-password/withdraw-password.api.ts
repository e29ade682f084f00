import { walletApi } from '@jinb/contract';
import { post } from '../../shared/api/client';
import { encryptPassword } from '../../shared/crypto/encrypt-password';

export type WithdrawPasswordBody = { password: string; oldPassword?: string; smsCode?: string };

/** First set needs only the session; a change proves the member with the old password or an SMS code. */
export async function saveWithdrawPassword(body: WithdrawPasswordBody): Promise<void> {
  const [password, oldPassword] = await Promise.all([
    encryptPassword(body.password),
    body.oldPassword ? encryptPassword(body.oldPassword) : undefined,
  ]);
  await post<boolean>(walletApi.withdrawPassword, { body: { password, oldPassword, smsCode: body.smsCode } });
}
