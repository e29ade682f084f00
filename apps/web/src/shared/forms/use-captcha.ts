import { api } from '@jinb/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { requestBlob } from '../api/client';

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
    requestBlob(api.captcha).then(
      (blob) => {
        if (id !== generation.current) return;
        const url = URL.createObjectURL(blob);
        if (currentUrl.current) URL.revokeObjectURL(currentUrl.current);
        currentUrl.current = url;
        setSrc(url);
        setStatus('ready');
      },
      () => {
        if (id === generation.current) setStatus('error');
      },
    );
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
