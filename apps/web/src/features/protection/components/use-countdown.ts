import { useEffect, useState } from 'react';

/** Milliseconds until `iso` (never below 0), ticking every second while it is in the future. */
export function useRemaining(iso: string): number {
  const target = new Date(iso).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!(target > Date.now())) return;
    const timer = window.setInterval(() => {
      const next = Date.now();
      setNow(next);
      if (next >= target) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [target]);
  return Number.isNaN(target) ? 0 : Math.max(0, target - now);
}

/** Hours, minutes and seconds of a span, for "23小时59分" and "4分59秒". */
export function spanParts(ms: number): { h: number; m: number; s: number } {
  const seconds = Math.ceil(ms / 1000);
  return { h: Math.floor(seconds / 3600), m: Math.floor((seconds % 3600) / 60), s: seconds % 60 };
}
