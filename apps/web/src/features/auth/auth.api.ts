import type { Session } from '@jinb/contract';
import type { Body, Result } from '@jinb/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../shared/api/client';
import { encryptPassword } from '../../shared/crypto/encrypt-password';
import { completeSignIn } from './sign-in';

/**
 * Login with what the member typed: the call's body, with the password as typed. It leaves the browser only
 * encrypted (on the wire `password` is the cipher, a string all the same).
 */
export async function login(body: Body<'login'>): Promise<Result<'login'>> {
  return post('login', { body: { ...body, password: await encryptPassword(body.password) } });
}

export async function register(body: Body<'register'>): Promise<Result<'register'>> {
  return post('register', { body: { ...body, password: await encryptPassword(body.password) } });
}

export async function forgetPassword(body: Body<'forgetPassword'>): Promise<Result<'forgetPassword'>> {
  return post('forgetPassword', { body: { ...body, password: await encryptPassword(body.password) } });
}

/** Login or register: on success the session is stored and what the member pages show starts loading. */
function useSignIn<Input>(send: (input: Input) => Promise<Session>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (session) => completeSignIn(session, queryClient) });
}

/** /login's submit. */
export const useLogin = () => useSignIn(login);

/** /register's submit. */
export const useRegister = () => useSignIn(register);

/** /forgetPassword's submit: a new login password for the account whose phone the SMS code proved. */
export const useForgetPassword = () => useMutation({ mutationFn: forgetPassword });
