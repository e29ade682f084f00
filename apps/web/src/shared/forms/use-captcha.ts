import { api } from '@jinb/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, requestBlob } from '../api/client';

/**
 * A busy server sheds a request with 503 (or 429) and a network can drop one: the image is fetched again after these
 * pauses before the member sees 加载失败. Without it a member typed the code beside a broken image and was told the
 * captcha was wrong (no captcha had been issued to the device).
 */
export const CAPTCHA_RETRY_DELAYS_MS = [800, 2_000] as const;

function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.httpStatus === 0 || error.httpStatus === 429 || error.httpStatus === 503;
}

export type CaptchaState = { src: string | null; status: 'loading' | 'ready' | 'error'; refresh: () => void };

/**
 * The image captcha: loaded on mount, reloaded on demand. Each answer is single use on the server, so callers
 * refresh after every submit that used it. Old object URLs are revoked so the images do not pile up in memory.
 */
export function useCaptcha(): CaptchaState {
  const [src, setSrc] = useState<string | null>(null);
  const [status, setStatus] = useState<CaptchaState['status']>('loading');
  const currentUrl = useRef<string | null>(null);
  // Only the newest request may show its image: a slow earlier response must not replace the live captcha.
  const generation = useRef(0);

  const refresh = useCallback(() => {
    const id = ++generation.current;
    setStatus('loading');
    const attempt = (retry: number) =>
      requestBlob(api.captcha).then(
        (blob) => {
          if (id !== generation.current) return;
          const url = URL.createObjectURL(blob);
          if (currentUrl.current) URL.revokeObjectURL(currentUrl.current);
          currentUrl.current = url;
          setSrc(url);
          setStatus('ready');
        },
        (error: unknown) => {
          if (id !== generation.current) return;
          const pause = CAPTCHA_RETRY_DELAYS_MS[retry];
          if (pause !== undefined && worthRetrying(error)) {
            setTimeout(() => {
              if (id === generation.current) void attempt(retry + 1);
            }, pause);
            return;
          }
          setStatus('error');
        },
      );
    void attempt(0);
  }, []);

  useEffect(() => {
    refresh();
    return () => {
      generation.current++;
      if (currentUrl.current) URL.revokeObjectURL(currentUrl.current);
      currentUrl.current = null;
    };
  }, [refresh]);

  return { src, status, refresh };
}
