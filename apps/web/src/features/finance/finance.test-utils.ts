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

/** A signed-in member, as the shell leaves the session before a wallet page opens. */
export function signIn(): void {
  useSession.getState().logout();
  useSession.getState().setToken('member-token');
  useSession.getState().setUser(member);
}

/** A real RSA-OAEP key pair, so a test can decrypt what the page sent and compare it with what was typed. */
export async function createKeyPair(): Promise<{ publicKey: string; decrypt: (cipher: string) => Promise<string> }> {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  return {
    publicKey: btoa(String.fromCharCode(...spki)),
    decrypt: async (cipher) => {
      const bytes = Uint8Array.from(atob(cipher), (char) => char.charCodeAt(0));
      return new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, pair.privateKey, bytes));
    },
  };
}

/** The request's form body as an object. */
export async function formOf(request: Request): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams(await request.text()));
}
