import type { HomeContent } from '@jinb/contract';
import { Swiper } from 'antd-mobile';
import { useNavigate } from 'react-router';
import styles from './BannerCarousel.module.css';

type Banner = HomeContent['banners'][number];

/** Only site paths and web links are followed; anything else (javascript:, data:) is ignored. */
export function bannerTarget(link: string): { internal: string } | { external: string } | null {
  const trimmed = link.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return { internal: trimmed };
  if (/^https?:\/\//i.test(trimmed)) return { external: trimmed };
  return null;
}

export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const navigate = useNavigate();
  const several = banners.length > 1;

  const open = (banner: Banner) => {
    const target = bannerTarget(banner.link);
    if (!target) return;
    if ('internal' in target) navigate(target.internal);
    else window.open(target.external, '_blank', 'noopener,noreferrer');
  };

  return (
    <div className={styles.frame}>
      <Swiper
        autoplay={several}
        autoplayInterval={4000}
        loop={several}
        indicator={several ? undefined : () => null}
        style={{ '--border-radius': 'var(--app-radius)' }}
      >
        {banners.map((banner, index) => (
          <Swiper.Item key={banner.id}>
            <button
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
                decoding="async"
              />
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
