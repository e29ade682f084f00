import type { Sponsor } from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { sponsorsQuery } from '../sponsor.api';
import '../sponsor.locale';
import styles from './SponsorPage.module.css';

function SponsorCard({ sponsor }: { sponsor: Sponsor }) {
  const { t } = useTranslation('sponsor');
  const [open, setOpen] = useState(false);
  const paragraphs = sponsor.content.split('\n').filter((line) => line.trim());
  const contentId = `sponsor-content-${sponsor.id}`;
  return (
    <article className={styles.card} aria-labelledby={`sponsor-${sponsor.id}`}>
      {sponsor.image && (
        <img
          className={styles.image}
          src={sponsor.image}
          alt=""
          width={750}
          height={420}
          loading="lazy"
          decoding="async"
        />
      )}
      <div className={styles.body}>
        <h2 id={`sponsor-${sponsor.id}`} className={styles.title}>
          {sponsor.title}
        </h2>
        {sponsor.period && (
          <p className={styles.period}>
            <span>{t('period')}</span>
            {sponsor.period}
          </p>
        )}
        {sponsor.summary && <p className={styles.summary}>{sponsor.summary}</p>}
        {paragraphs.length > 0 && (
          <>
            <div id={contentId} className={styles.content} hidden={!open}>
              {paragraphs.map((line, index) => (
                // A sponsorship's paragraphs never reorder, so their position is a stable key.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <p key={index}>{line}</p>
              ))}
            </div>
            <button
              type="button"
              className={styles.toggle}
              aria-expanded={open}
              aria-controls={contentId}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? t('less') : t('more')}
            </button>
          </>
        )}
      </div>
    </article>
  );
}

/** /app/sponsor: the brand's sponsorships, with their pictures, in the member's language. */
export default function SponsorPage() {
  const { t } = useTranslation('sponsor');
  const sponsors = useQuery(sponsorsQuery());

  let body: ReactNode;
  if (sponsors.isPending) body = <LoadingState minHeight={320} />;
  else if (sponsors.isError)
    body = <ErrorState message={sponsors.error.message} onRetry={() => void sponsors.refetch()} />;
  else if (sponsors.data.length === 0) body = <EmptyState description={t('empty')} />;
  else
    body = (
      <div className={styles.list}>
        {sponsors.data.map((sponsor) => (
          <SponsorCard key={sponsor.id} sponsor={sponsor} />
        ))}
      </div>
    );

  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} fallback={paths.home} />
      <PullRefresh onRefresh={() => sponsors.refetch()}>
        <div className={styles.hero}>
          <p>{t('intro')}</p>
        </div>
        {body}
      </PullRefresh>
    </div>
  );
}
