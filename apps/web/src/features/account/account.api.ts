import type { UserInfo } from '@jinb/contract';
import type { Body, Result } from '@jinb/contract/endpoints';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../shared/api/client';
import { encryptPassword } from '../../shared/crypto/encrypt-password';
import { useSession } from '../../shared/session/session-store';
import { useSetCurrentUser } from '../../shared/session/use-current-user';
import { useStepUp } from '../../shared/step-up/with-step-up';

/** Changes nickname, real name or avatar; answers with the updated member. */
export function updateProfile(body: Body<'updateProfile'>): Promise<Result<'updateProfile'>> {
  return post('updateProfile', { body });
}

/** Uploads the picture (the server checks type and size again) and makes it the member's avatar. */
export async function uploadAvatar(file: File): Promise<UserInfo> {
  const form = new FormData();
  form.append('file', file);
  const { url } = await post('upload', { body: form });
  return updateProfile({ avatar: url });
}

/** The new phone and its code; the session must have stepped up (use-step-up asks when the server says so). */
export function bindPhone(body: Body<'bindPhone'>): Promise<Result<'bindPhone'>> {
  return post('bindPhone', { body });
}

export function sendEmailCode(email: string): Promise<Result<'emailCode'>> {
  return post('emailCode', { body: { email } });
}

export function bindEmail(body: Body<'bindEmail'>): Promise<Result<'bindEmail'>> {
  return post('bindEmail', { body });
}

/** Both passwords leave the browser encrypted; the answer carries a new token (every other session has ended). */
export async function updatePassword({
  oldPassword,
  password,
}: Body<'updatePassword'>): Promise<Result<'updatePassword'>> {
  const [oldCipher, newCipher] = await Promise.all([encryptPassword(oldPassword), encryptPassword(password)]);
  return post('updatePassword', { body: { oldPassword: oldCipher, password: newCipher } });
}

export function logout(): Promise<Result<'logout'>> {
  return post('logout');
}

/** A change to the member: the server answers with the member as it now is, which replaces the cached one. */
function useMemberChange<Input>(send: (input: Input) => Promise<UserInfo>) {
  const setCurrentUser = useSetCurrentUser();
  return useMutation({ mutationFn: send, onSuccess: setCurrentUser });
}

/** /personalInfo/name. */
export const useUpdateProfile = () => useMemberChange(updateProfile);

/** The avatar row on /personalInfo. */
export const useUploadAvatar = () => useMemberChange(uploadAvatar);

/** A change of the phone or e-mail: a step-up of the session first when the server asks for one. */
function useGuardedMemberChange<Input>(send: (input: Input) => Promise<UserInfo>) {
  const stepUp = useStepUp();
  return useMemberChange((input: Input) => stepUp(() => send(input)));
}

/** /personalInfo/phone. */
export const useBindPhone = () => useGuardedMemberChange(bindPhone);

/** /personalInfo/mail. */
export const useBindEmail = () => useGuardedMemberChange(bindEmail);

/** /setting/password: this session goes on with the token the answer carries. */
export const useUpdatePassword = () =>
  useMutation({ mutationFn: updatePassword, onSuccess: ({ token }) => useSession.getState().setToken(token) });
