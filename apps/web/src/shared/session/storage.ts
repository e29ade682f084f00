/**
 * Session storage keys t, vid, aid, app (spec section 3) and the device id in local storage; `wo` holds when a
 * withdrawal-only session ends while `t` is one. Storage can throw (private mode, disabled cookies): every access is
 * guarded so the site still runs.
 */
export const SESSION_KEYS = { token: 't', vid: 'vid', aid: 'aid', app: 'app', withdrawOnly: 'wo' } as const;
type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

export function readSession(key: SessionKey): string {
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

export function writeSession(key: SessionKey, value: string): void {
  try {
    if (value) sessionStorage.setItem(key, value);
    else sessionStorage.removeItem(key);
  } catch {
    // Storage unavailable: the in-memory store still holds the value for this page's life.
  }
}

/** Where the device id is kept (local storage) and how every id starts. */
export const DEVICE_KEY = 'device_no';
export const DEVICE_ID_PREFIX = 'h5-';

/**
 * A new device id: "h5-" + ios|android + two random strings (spec section 3). It refers to nothing outside itself
 * because index.html's early script inlines its source (app/early-home.ts): the format is written only here.
 */
export function makeDeviceId(userAgent: string): string {
  const part = () =>
    Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => byte.toString(36).padStart(2, '0')).join('');
  return `h5-${/iphone|ipad|ipod|macintosh/i.test(userAgent) ? 'ios' : 'android'}${part()}${part()}`;
}

/** The device id kept in local storage, made on first use. */
export function deviceId(): string {
  try {
    const existing = localStorage.getItem(DEVICE_KEY);
    if (existing?.startsWith(DEVICE_ID_PREFIX)) return existing;
  } catch {
    // fall through and make one for this page's life
  }
  const id = makeDeviceId(navigator.userAgent);
  try {
    localStorage.setItem(DEVICE_KEY, id);
  } catch {
    // not persisted; a new id next visit is acceptable
  }
  return id;
}

/**
 * On start the URL may carry `token` (kept as the session token), `i_code` (kept as the invite id, aid)
 * and `app` (we are inside the native app's webview).
 */
export function adoptUrlParams(search: string): void {
  const params = new URLSearchParams(search);
  const token = params.get('token');
  if (token) {
    writeSession(SESSION_KEYS.token, token);
    // The native app hands over a full session; a withdrawal-only flag left from before is not about it.
    writeSession(SESSION_KEYS.withdrawOnly, '');
  }
  const inviteCode = params.get('i_code');
  if (inviteCode) writeSession(SESSION_KEYS.aid, inviteCode);
  const app = params.get('app');
  if (app) writeSession(SESSION_KEYS.app, app);
}
