type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Runs work after the page has loaded and the main thread is free, so it never competes with the first screen. */
export function afterLoadWhenIdle(work: () => void): () => void {
  const host = window as IdleWindow;
  let idleHandle: number | undefined;
  let timer: number | undefined;
  const schedule = () => {
    if (host.requestIdleCallback) idleHandle = host.requestIdleCallback(work, { timeout: 5000 });
    else timer = window.setTimeout(work, 1500);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idleHandle !== undefined) host.cancelIdleCallback?.(idleHandle);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}

/** How long the first screen gets to itself before work that only prepares for later (prefetching) starts. */
export const SETTLE_MS = 4000;

/**
 * Like afterLoadWhenIdle, a few seconds later still: loading code ahead also evaluates it and applies its styles,
 * which is real work on a phone and should not compete with the first screen settling in.
 */
export function afterFirstScreenSettles(work: () => void): () => void {
  let cancelIdle = () => {};
  const timer = window.setTimeout(() => {
    cancelIdle = afterLoadWhenIdle(work);
  }, SETTLE_MS);
  return () => {
    window.clearTimeout(timer);
    cancelIdle();
  };
}
