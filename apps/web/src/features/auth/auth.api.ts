import { api, type LoginBody, type PhoneArea, type RegisterBody, type Session, type SmsBody } from '@jinb/contract';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../shared/api/client';
import { encryptPassword } from '../../shared/crypto/encrypt-password';

export const authKeys = {
  all: ['auth'] as const,
  phoneAreas: () => [...authKeys.all, 'phoneAreas'] as const,
};

/** Calling codes members may register or bind a phone with; used by register, forget password and bind phone. */
export const phoneAreasQuery = queryOptions({
  queryKey: authKeys.phoneAreas(),
  queryFn: ({ signal }) => get<PhoneArea[]>(api.phoneArea, { signal }),
  staleTime: 60 * 60_000,
});

/** Sends an SMS code; the captcha answer is consumed by this call whether it succeeds or not. */
export function sendSmsCode(body: SmsBody): Promise<{ cooldown: number }> {
  return post<{ cooldown: number }>(api.sms, { body });
}

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
