import type { UserInfo } from '@jinb/contract';
import { useSession } from '../../shared/session/session-store';

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

/** A signed-in member, as the shell leaves the session before a wallet page opens (the member just loaded). */
export function signIn(): void {
  useSession.getState().logout();
  useSession.getState().setToken('member-token');
  useSession.getState().setUser(member);
  useSession.getState().markFetched('user', Date.now());
}

/** The request's form body as an object. */
export async function formOf(request: Request): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams(await request.text()));
}
