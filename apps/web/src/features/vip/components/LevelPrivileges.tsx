import type { VipLevelView } from '@jinb/contract';
import { formatCount, truncateMoney } from '@jinb/money';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import '../vip.locale';
import styles from '../vip.module.css';

const KNOWN_CATEGORIES = ['sports', 'casino', 'default'];

/**
 * Every level's privileges side by side: a row of level chips and, under it, one card per level that snaps as the
 * member swipes (the chip of the card in view lights up; tapping a chip scrolls to its card). Opens on the member's
 * own level.
 */
export function LevelPrivileges({ levels, mine }: { levels: readonly VipLevelView[]; mine: number | null }) {
  const { t } = useTranslation('vip');
  const [selected, setSelected] = useState(mine ?? 0);
  const slides = useRef<HTMLDivElement>(null);
  const chips = useRef<HTMLDivElement>(null);

  const scrollTo = (level: number, smooth: boolean) => {
    const slide = slides.current?.children[level] as HTMLElement | undefined;
    slides.current?.scrollTo?.({ left: slide ? slide.offsetLeft - 12 : 0, behavior: smooth ? 'smooth' : 'auto' });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: opens on the member's level once it is known.
  useEffect(() => {
    if (mine !== null) {
      setSelected(mine);
      scrollTo(mine, false);
    }
  }, [mine]);

  useEffect(() => {
    const chip = chips.current?.children[selected] as HTMLElement | undefined;
    chip?.scrollIntoView?.({ block: 'nearest', inline: 'center', behavior: 'smooth' });
  }, [selected]);

  const onScroll = () => {
    const box = slides.current;
    const first = box?.children[0] as HTMLElement | undefined;
    if (!box || !first) return;
    const index = Math.round(box.scrollLeft / (first.offsetWidth + 10));
    if (index !== selected && index >= 0 && index < levels.length) setSelected(index);
  };

  const category = (key: string) =>
    KNOWN_CATEGORIES.includes(key) ? t(`privileges.categories.${key}`) : key.toUpperCase();
  const money = (value: string) => (Number(value) > 0 ? truncateMoney(value) : t('privileges.none'));

  return (
    <section className={styles.section} aria-labelledby="vip-privileges-title">
      <h2 id="vip-privileges-title" className={styles.sectionTitle}>
        {t('privileges.title')}
      </h2>
      <div className={styles.selector} role="tablist" aria-label={t('privileges.selector')} ref={chips}>
        {levels.map((level, index) => (
          <button
            key={level.level}
            type="button"
            role="tab"
            aria-selected={index === selected}
            className={index === selected ? styles.chipActive : styles.chip}
            onClick={() => {
              setSelected(index);
              scrollTo(index, true);
            }}
          >
            {level.name}
          </button>
        ))}
      </div>
      <div className={styles.slides} ref={slides} onScroll={onScroll}>
        {levels.map((level) => (
          <article key={level.level} className={styles.slide} role="tabpanel" aria-label={level.name}>
            <div className={styles.slideHead}>
              <span className={styles.badgeSmall} aria-hidden>
                V{level.level}
              </span>
              <span className={styles.slideName}>{level.name}</span>
              {mine === level.level && <span className={styles.mine}>{t('privileges.mine')}</span>}
            </div>
            <dl className={styles.grid}>
              <div>
                <dt>{t('privileges.thresholdTurnover')}</dt>
                <dd>{formatCount(level.turnover)}</dd>
              </div>
              <div>
                <dt>{t('privileges.thresholdDeposits')}</dt>
                <dd>{formatCount(level.deposits)}</dd>
              </div>
              <div>
                <dt>{t('privileges.upgradeBonus')}</dt>
                <dd>{money(level.upgradeBonus)}</dd>
              </div>
              <div>
                <dt>{t('privileges.birthdayBonus')}</dt>
                <dd>{money(level.birthdayBonus)}</dd>
              </div>
              <div>
                <dt>{t('privileges.weeklyWage')}</dt>
                <dd>{money(level.weeklyWage)}</dd>
              </div>
              <div>
                <dt>{t('privileges.monthlyWage')}</dt>
                <dd>{money(level.monthlyWage)}</dd>
              </div>
              <div className={styles.wide}>
                <dt>{t('privileges.rebate')}</dt>
                <dd className={styles.rates}>
                  {Object.entries(level.rebateRates).map(([key, rate]) => (
                    <span key={key}>
                      {category(key)} {rate}%
                    </span>
                  ))}
                </dd>
              </div>
              <div>
                <dt>{t('privileges.withdrawCount')}</dt>
                <dd>{t('privileges.times', { count: level.withdrawCount })}</dd>
              </div>
              <div>
                <dt>{t('privileges.withdrawMax')}</dt>
                <dd>{formatCount(level.withdrawMax)}</dd>
              </div>
              <div>
                <dt>{t('privileges.keep')}</dt>
                <dd>{Number(level.keepTurnover) > 0 ? formatCount(level.keepTurnover) : t('privileges.none')}</dd>
              </div>
              <div>
                <dt>{t('privileges.multiple')}</dt>
                <dd>{t('privileges.multipleValue', { value: level.multiple })}</dd>
              </div>
            </dl>
          </article>
        ))}
      </div>
    </section>
  );
}
