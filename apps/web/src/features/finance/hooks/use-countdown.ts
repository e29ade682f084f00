import { useEffect, useState } from 'react';

/** Milliseconds left until `deadline` (an ISO time), ticking every second; 0 once it has passed. */
export function useCountdown(deadline: string | undefined): number {
  const end = deadline ? Date.parse(deadline) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  const running = Number.isFinite(end) && now < end;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  return Number.isFinite(end) ? Math.max(0, end - now) : 0;
}

/** 905000 -> "15:05"; an hour or more -> "1:02:03". */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}
