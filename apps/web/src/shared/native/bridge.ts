import { readSession, SESSION_KEYS } from '../session/storage';

type NativeWindow = Window & {
  webkit?: { messageHandlers?: Record<string, { postMessage(message: unknown): void } | undefined> };
  android?: Record<string, ((...args: unknown[]) => void) | undefined>;
};

export function isInNativeApp(): boolean {
  return readSession(SESSION_KEYS.app) !== '';
}

/**
 * Asks the native app to show its own sign-in. Returns false when no handler answered,
 * so the caller can fall back to the web login page. Failures are logged, never thrown (spec section 8).
 */
export function callNativeLogin(): boolean {
  const host = window as NativeWindow;
  try {
    const ios = host.webkit?.messageHandlers?.login;
    if (ios) {
      ios.postMessage({ action: 'login' });
      return true;
    }
    const android = host.android?.login;
    if (android) {
      android.call(host.android);
      return true;
    }
    console.error('native login handler missing');
  } catch (error) {
    console.error('native login handler failed', error);
  }
  return false;
}
