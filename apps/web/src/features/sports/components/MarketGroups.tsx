import { type MarketType, PERIODS } from '@jinb/contract';
import type { EventDetail, MarketView } from '@jinb/contract/sports';
import { parseLine } from '@jinb/odds';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { marketTitle } from '../market-labels';
import styles from '../sports.module.css';
import { OddsButton } from './OddsButton';

/** The order a member looks for markets in: who wins, the handicap, the total, then the rest. */
const TYPE_ORDER: readonly MarketType[] = ['1x2', 'ml', 'ah', 'ou', 'btts', 'oe', 'cs'];

type MarketGroup = { key: string; markets: MarketView[] };

function lineValue(market: MarketView): number {
  if (market.line === null) return 0;
  const parsed = parseLine(market.line);
  return parsed.ok ? parsed.value : 0;
}

/** Markets by period (全场 first) and type, each group's lines from the lowest. */
export function groupMarkets(markets: readonly MarketView[]): MarketGroup[] {
  const groups = new Map<string, MarketGroup>();
  for (const market of markets) {
    const key = `${market.period}:${market.type}`;
    const group = groups.get(key);
    if (group) group.markets.push(market);
    else groups.set(key, { key, markets: [market] });
  }
  const rank = (group: MarketGroup) => {
    const first = group.markets[0];
    if (!first) return 0;
    return PERIODS.indexOf(first.period) * TYPE_ORDER.length + TYPE_ORDER.indexOf(first.type);
  };
  return [...groups.values()]
    .map((group) => ({ ...group, markets: [...group.markets].sort((a, b) => lineValue(a) - lineValue(b)) }))
    .sort((a, b) => rank(a) - rank(b));
}

/** Every market of an event, grouped by type and period; each group folds away with a tap on its title. */
export function MarketGroups({ event }: { event: EventDetail }) {
  const { t } = useTranslation('sports');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const groups = groupMarkets(event.markets);
  const toggle = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <div className={styles.markets}>
      {groups.map((group) => {
        const first = group.markets[0];
        if (!first) return null;
        const title = marketTitle(t, event.sport, first);
        const open = !collapsed.has(group.key);
        const panelId = `market-group-${group.key.replace(':', '-')}`;
        const locked = group.markets.every((market) => market.status !== 'open');
        return (
          <section key={group.key} className={styles.group} aria-label={title}>
            <h2 className={styles.groupHead}>
              <button
                type="button"
                className={styles.groupButton}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggle(group.key)}
              >
                <span className={styles.groupName}>{title}</span>
                {locked && <span className={styles.lockedNote}>{t('locked')}</span>}
                <DownOutline className={open ? styles.chevronOpen : styles.chevron} aria-hidden />
              </button>
            </h2>
            <div id={panelId} hidden={!open} className={styles.marketGrid}>
              {group.markets.map((market) => (
                <div key={market.id} className={market.type === 'cs' ? styles.scoreGrid : styles.marketLine}>
                  {market.selections.map((selection) => (
                    <OddsButton key={selection.id} event={event} market={market} selection={selection} />
                  ))}
                </div>
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
