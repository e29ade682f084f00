import { api, type UserInfo } from '@jinb/contract';
import { HttpResponse, http } from 'msw';
import { useSession } from '../session/session-store';
import { at, ok } from './server';

export const member: UserInfo = {
  id: '1',
  account: 'demo01',
  nickname: '小金',
  realName: '',
  avatar: '',
  phoneArea: '86',
  phone: '138****8000',
  email: '',
  vipLevel: 0,
  inviteCode: 'ABC123',
  createdAt: '2025-01-01T00:00:00.000Z',
  lastLoginAt: null,
};

/** A signed-in member: the pages load the member first, then their withdraw-password config. */
export function signedIn(
  user: Partial<UserInfo> = {},
  config: { d: boolean; p: boolean } = { d: true, p: true },
  publicKey = '',
) {
  useSession.getState().setToken('token');
  return [
    http.get(at(api.token), () => HttpResponse.json(ok({ ...member, ...user }))),
    http.get(at(api.withdrawPasswordConfig), () => HttpResponse.json(ok(config))),
    http.get(at(api.publicKey), () => HttpResponse.json(ok({ key: publicKey }))),
  ];
}

export type SentRequest = { body: Record<string, string>; idempotencyKey: string | null };

export async function readForm(request: Request): Promise<SentRequest> {
  return {
    body: Object.fromEntries(new URLSearchParams(await request.text())),
    idempotencyKey: request.headers.get('idempotency-key'),
  };
}
