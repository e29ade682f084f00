import type { HomeContent } from '@jinb/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import styles from './BannerCarousel.module.css';

type Banner = HomeContent['banners'][number];

const AUTOPLAY_MS = 4000;

/** Only site paths and web links are followed; anything else (javascript:, data:) is ignored. */
export function bannerTarget(link: string): { internal: string } | { external: string } | null {
  const trimmed = link.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return { internal: trimmed };
  if (/^https?:\/\//i.test(trimmed)) return { external: trimmed };
  return null;
}

/**
 * Advances the track every few seconds (wrapping to the first slide), but never while a finger is on it or the
 * page is hidden. The browser's scroll snapping does the swiping itself, so no gesture library is needed.
 */
function useAutoplay(track: React.RefObject<HTMLDivElement | null>, count: number) {
  useEffect(() => {
    const element = track.current;
    if (!element || count < 2) return;
    let touching = false;
    const advance = () => {
      if (touching || document.hidden || !element.clientWidth) return;
      const next = Math.round(element.scrollLeft / element.clientWidth) + 1;
      element.scrollTo?.({ left: next >= count ? 0 : next * element.clientWidth, behavior: 'smooth' });
    };
    let timer = window.setInterval(advance, AUTOPLAY_MS);
    const hold = () => {
      touching = true;
    };
    const release = () => {
      touching = false;
      // A swipe restarts the count, so the slide the member chose stays up for a full interval.
      window.clearInterval(timer);
      timer = window.setInterval(advance, AUTOPLAY_MS);
    };
    element.addEventListener('pointerdown', hold, { passive: true });
    element.addEventListener('touchstart', hold, { passive: true });
    element.addEventListener('pointerup', release, { passive: true });
    element.addEventListener('touchend', release, { passive: true });
    element.addEventListener('touchcancel', release, { passive: true });
    return () => {
      window.clearInterval(timer);
      element.removeEventListener('pointerdown', hold);
      element.removeEventListener('touchstart', hold);
      element.removeEventListener('pointerup', release);
      element.removeEventListener('touchend', release);
      element.removeEventListener('touchcancel', release);
    };
  }, [track, count]);
}

export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const navigate = useNavigate();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const several = banners.length > 1;
  useAutoplay(track, banners.length);

  const open = (banner: Banner) => {
    const target = bannerTarget(banner.link);
    if (!target) return;
    if ('internal' in target) navigate(target.internal);
    else window.open(target.external, '_blank', 'noopener,noreferrer');
  };

  const onScroll = () => {
    const element = track.current;
    if (element?.clientWidth) setCurrent(Math.round(element.scrollLeft / element.clientWidth));
  };

  return (
    <div className={styles.frame}>
      <div ref={track} className={styles.track} onScroll={several ? onScroll : undefined}>
        {banners.map((banner, index) => (
          <button
            key={banner.id}
            type="button"
            className={styles.slide}
            onClick={() => open(banner)}
            aria-label={banner.title}
            disabled={!bannerTarget(banner.link)}
          >
            <img
              src={banner.image}
              alt={banner.title}
              width={750}
              height={300}
              // The first slide is the largest thing on the first screen; the rest can wait until swiped to.
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'low'}
              decoding={index === 0 ? 'sync' : 'async'}
            />
          </button>
        ))}
      </div>
      {several && (
        <div className={styles.dots} aria-hidden>
          {banners.map((banner, index) => (
            <span key={banner.id} className={index === current ? `${styles.dot} ${styles.dotActive}` : styles.dot} />
          ))}
        </div>
      )}
    </div>
  );
}
