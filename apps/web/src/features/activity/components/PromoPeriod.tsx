import type { PromoSummary } from '@jinb/contract';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatDate } from '../../../shared/ui/format-date';

/** "活动时间：2025-03-01 至 2025-03-31", or the open-ended forms. */
export function PromoPeriod({ promo, className }: { promo: PromoSummary; className?: string }) {
  const { t } = useTranslation('activity');
  const start = formatDate(promo.startAt);
  const end = formatDate(promo.endAt);
  const text =
    start && end ? t('period', { start, end }) : start ? t('from', { start }) : end ? t('until', { end }) : t('always');
  return <span className={className}>{text}</span>;
}

export function hasEnded(promo: PromoSummary, now: Date = new Date()): boolean {
  if (!promo.endAt) return false;
  const end = new Date(promo.endAt);
  return !Number.isNaN(end.getTime()) && end.getTime() < now.getTime();
}
