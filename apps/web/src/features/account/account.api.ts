import { api, type UpdateProfileBody, type UserInfo } from '@jinb/contract';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../shared/api/client';
import { encryptPassword } from '../../shared/crypto/encrypt-password';
import { useSession } from '../../shared/session/session-store';
import { useSetCurrentUser } from '../../shared/session/use-current-user';

/** Changes nickname, real name or avatar; answers with the updated member. */
export function updateProfile(body: UpdateProfileBody): Promise<UserInfo> {
  return post<UserInfo>(api.updateProfile, { body });
}

/** Uploads the picture (the server checks type and size again) and makes it the member's avatar. */
export async function uploadAvatar(file: File): Promise<UserInfo> {
  const form = new FormData();
  form.append('file', file);
  const { url } = await post<{ url: string }>(api.upload, { body: form });
  return updateProfile({ avatar: url });
}

/** Moving a bound phone carries proof of the old one: its `unbind` code, or the login password (sent encrypted). */
export async function bindPhone(body: {
  area: string;
  phone: string;
  smsCode: string;
  oldSmsCode?: string;
  password?: string;
}): Promise<UserInfo> {
  const { password, ...rest } = body;
  const sent = password ? { ...rest, password: await encryptPassword(password) } : rest;
  return post<UserInfo>(api.bindPhone, { body: sent });
}

export function sendEmailCode(email: string): Promise<{ cooldown: number }> {
  return post<{ cooldown: number }>(api.emailCode, { body: { email } });
}

export function bindEmail(body: { email: string; code: string }): Promise<UserInfo> {
  return post<UserInfo>(api.bindEmail, { body });
}

/** Both passwords leave the browser encrypted; the answer carries a new token (every other session has ended). */
export async function updatePassword({
  oldPassword,
  password,
}: {
  oldPassword: string;
  password: string;
}): Promise<{ token: string }> {
  const [oldCipher, newCipher] = await Promise.all([encryptPassword(oldPassword), encryptPassword(password)]);
  return post<{ token: string }>(api.updatePassword, { body: { oldPassword: oldCipher, password: newCipher } });
}

export function logout(): Promise<unknown> {
  return post<unknown>(api.logout);
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
