import { api, type UserInfo } from '@jinb/contract';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { useSession } from '../../shared/session/session-store';
import { at, ok } from '../../shared/testing/server';

export const member: UserInfo = {
  id: '7',
  account: 'demo01',
  nickname: '',
  realName: '',
  avatar: '',
  phoneArea: '86',
  phone: '138****8000',
  email: '',
  vipLevel: 1,
  inviteCode: 'ABC123',
  createdAt: '2025-01-01T00:00:00.000Z',
  lastLoginAt: null,
};

/** A signed-in member: a token, and the server answering who it belongs to (the wallet pages scope data by id). */
export function signIn(server: SetupServer): void {
  useSession.getState().logout();
  useSession.getState().setToken('member-token');
  server.use(http.get(at(api.token), () => HttpResponse.json(ok(member))));
}

/** The request's form body as an object. */
export async function formOf(request: Request): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams(await request.text()));
}
