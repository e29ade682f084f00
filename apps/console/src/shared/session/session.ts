import { useSyncExternalStore } from 'react';

/**
 * The operator's session token, kept in sessionStorage (one tab's life: closing the tab signs out of the console
 * on this machine), and the device id the captcha is bound to, kept in localStorage. Storage can throw (private
 * mode): the in-memory copy still serves the page.
 */
const TOKEN_KEY = 'console.t';
const DEVICE_KEY = 'console.device';

function read(storage: () => Storage, key: string): string {
  try {
    return storage().getItem(key) ?? '';
  } catch {
    return '';
  }
}

function write(storage: () => Storage, key: string, value: string): void {
  try {
    if (value) storage().setItem(key, value);
    else storage().removeItem(key);
  } catch {}
}

let token = read(() => sessionStorage, TOKEN_KEY);
const listeners = new Set<() => void>();

export const operatorToken = {
  get: (): string => token,
  set(next: string): void {
    if (next === token) return;
    token = next;
    write(() => sessionStorage, TOKEN_KEY, next);
    for (const listener of listeners) listener();
  },
  clear(): void {
    operatorToken.set('');
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The token now, re-rendering when it changes (sign-in, sign-out, an expired session). */
export function useOperatorToken(): string {
  return useSyncExternalStore(operatorToken.subscribe, operatorToken.get, operatorToken.get);
}

let device = '';

/** This browser's device id ("pc-" and 24 random characters), made on first use. */
export function deviceId(): string {
  if (device) return device;
  device = read(() => localStorage, DEVICE_KEY);
  if (!device) {
    const random = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) =>
      byte.toString(36).padStart(2, '0'),
    ).join('');
    device = `pc-${random}`;
    write(() => localStorage, DEVICE_KEY, device);
  }
  return device;
}

let notice = '';

/** A word for the sign-in page to show once (why the operator is back there: idle, expired, signed out). */
export function leaveSignInNotice(text: string): void {
  notice = text;
}

export function takeSignInNotice(): string {
  const text = notice;
  notice = '';
  return text;
}
