import { api, type LoginBody, type RegisterBody, type Session } from '@jinb/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../shared/api/client';
import { encryptPassword } from '../../shared/crypto/encrypt-password';
import { completeSignIn } from './sign-in';

type PlainPassword<T, K extends keyof T> = Omit<T, K> & { [P in K]: string };

/** Login with the password typed by the member; it leaves the browser only encrypted. */
export async function login(body: PlainPassword<LoginBody, 'password'>): Promise<Session> {
  return post<Session>(api.login, { body: { ...body, password: await encryptPassword(body.password) } });
}

export async function register(body: PlainPassword<RegisterBody, 'password'>): Promise<Session> {
  return post<Session>(api.register, { body: { ...body, password: await encryptPassword(body.password) } });
}

export type ForgetPasswordForm = { account: string; area: string; phone: string; smsCode: string; password: string };

export async function forgetPassword(body: ForgetPasswordForm): Promise<unknown> {
  return post<unknown>(api.forgetPassword, { body: { ...body, password: await encryptPassword(body.password) } });
}

/** Login or register: on success the session is stored and what the member pages show starts loading. */
function useSignIn<Body>(send: (body: Body) => Promise<Session>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (session) => completeSignIn(session, queryClient) });
}

/** /login's submit. */
export const useLogin = () => useSignIn(login);

/** /register's submit. */
export const useRegister = () => useSignIn(register);

/** /forgetPassword's submit: a new login password for the account whose phone the SMS code proved. */
export const useForgetPassword = () => useMutation({ mutationFn: forgetPassword });
