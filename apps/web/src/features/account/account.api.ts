import type { UserInfo } from '@jinb/contract';
import type { Body, Result } from '@jinb/contract/endpoints';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../shared/api/client';
import { encryptPassword } from '../../shared/crypto/encrypt-password';
import { useSession } from '../../shared/session/session-store';
import { useSetCurrentUser } from '../../shared/session/use-current-user';

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

/** Moving a bound phone carries proof of the old one: its `unbind` code, or the login password (sent encrypted). */
export async function bindPhone(body: Body<'bindPhone'>): Promise<Result<'bindPhone'>> {
  const { password, ...rest } = body;
  const sent = password ? { ...rest, password: await encryptPassword(password) } : rest;
  return post('bindPhone', { body: sent });
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

/** /personalInfo/phone. */
export const useBindPhone = () => useMemberChange(bindPhone);

/** /personalInfo/mail. */
export const useBindEmail = () => useMemberChange(bindEmail);

/** /setting/password: this session goes on with the token the answer carries. */
export const useUpdatePassword = () =>
  useMutation({ mutationFn: updatePassword, onSuccess: ({ token }) => useSession.getState().setToken(token) });
