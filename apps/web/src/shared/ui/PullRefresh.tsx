import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import styles from './PullRefresh.module.css';

type Status = 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/** Same feel as antd-mobile's PullToRefresh: 40 px head, release past 60 px, rubber band, 0.5 s "done" pause. */
const HEAD_HEIGHT = 40;
const THRESHOLD = 60;
const COMPLETE_DELAY_MS = 500;
const SETTLE_MS = 300;

function rubberband(distance: number): number {
  const dimension = HEAD_HEIGHT * 5;
  const constant = 0.5;
  return (distance * dimension * constant) / (dimension + constant * distance);
}

/** True when the touch starts inside something scrolled away from its top: the pull then scrolls, not refreshes. */
function scrolledAway(target: EventTarget | null): boolean {
  for (
    let node = target instanceof Element ? target : null;
    node && node !== document.body;
    node = node.parentElement
  ) {
    const { overflowY } = getComputedStyle(node);
    if (/(auto|scroll|overlay)/.test(overflowY) && node.scrollHeight > node.clientHeight && node.scrollTop > 0)
      return true;
  }
  return window.scrollY > 0;
}

/**
 * Pull-to-refresh with the site's own wording. Written on plain touch events and a CSS transition rather than
 * antd-mobile's PullToRefresh, whose spring and gesture libraries would otherwise sit on every list's first load.
 */
export function PullRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('pulling');
  const onRefreshRef = useRef(onRefresh);
  onRefreshRef.current = onRefresh;

  useEffect(() => {
    const root = rootRef.current;
    const head = headRef.current;
    if (!root || !head) return;
    let current: Status = 'pulling';
    let startY: number | null = null;
    let pulling = false;
    let unmounted = false;
    const timers = new Set<number>();
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = window.setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, ms);
        timers.add(timer);
      });
    const show = (next: Status) => {
      current = next;
      if (!unmounted) setStatus(next);
    };
    const setHeight = (height: number, settle: boolean) => {
      head.classList.toggle(styles.settling ?? '', settle);
      head.style.height = `${height}px`;
    };
    const reset = async () => {
      setHeight(0, true);
      await wait(SETTLE_MS);
      show('pulling');
    };
    const refresh = async () => {
      setHeight(HEAD_HEIGHT, true);
      show('refreshing');
      try {
        await onRefreshRef.current();
      } catch {
        // Each block on the page shows its own load error; the head only has to get out of the way.
        await reset();
        return;
      }
      show('complete');
      await wait(COMPLETE_DELAY_MS);
      await reset();
    };

    const busy = () => current === 'refreshing' || current === 'complete';
    const onStart = (event: TouchEvent) => {
      pulling = false;
      startY = !busy() && event.touches.length === 1 ? event.touches[0]!.clientY : null;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null || busy()) return;
      const distance = Math.ceil(event.touches[0]!.clientY - startY);
      if (!pulling) {
        // The gesture is decided by its first movement, as antd-mobile's is.
        if (distance <= 0 || scrolledAway(event.target)) {
          startY = null;
          return;
        }
        pulling = true;
      }
      if (event.cancelable) event.preventDefault();
      const height = Math.max(rubberband(distance), 0);
      setHeight(height, false);
      show(height > THRESHOLD ? 'canRelease' : 'pulling');
    };
    const onEnd = () => {
      const wasPulling = pulling;
      pulling = false;
      startY = null;
      if (!wasPulling) return;
      if (current === 'canRelease') void refresh();
      else setHeight(0, true);
    };

    root.addEventListener('touchstart', onStart, { passive: true });
    root.addEventListener('touchmove', onMove, { passive: false });
    root.addEventListener('touchend', onEnd);
    root.addEventListener('touchcancel', onEnd);
    return () => {
      unmounted = true;
      for (const timer of timers) window.clearTimeout(timer);
      root.removeEventListener('touchstart', onStart);
      root.removeEventListener('touchmove', onMove);
      root.removeEventListener('touchend', onEnd);
      root.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const text = {
    pulling: t('pullToRefresh'),
    canRelease: t('releaseToRefresh'),
    refreshing: t('refreshing'),
    complete: t('refreshed'),
  }[status];

  return (
    <div ref={rootRef}>
      <div ref={headRef} className={styles.head} aria-hidden={status === 'pulling'}>
        <div className={styles.text} role={status === 'pulling' ? undefined : 'status'}>
          {text}
        </div>
      </div>
      <div>{children}</div>
    </div>
  );
}
