import type { TransferResult } from '@jinb/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, SpinLoading } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { post } from '../../../shared/api/client';
import { useIdempotencyKey } from '../../../shared/api/idempotency';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { balanceQuery } from '../../../shared/session/session.queries';
import { useSession } from '../../../shared/session/session-store';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorState } from '../../../shared/ui/states';
import { money } from '../games-format';
import '../games.locale';
import styles from '../games.module.css';

/**
 * /app/venueBack (spec): where a member lands leaving a vendor's game. The game is over for the heartbeat, and every
 * venue balance comes back to the main wallet (the wallet's recall, one Idempotency-Key per visit so a reload
 * cannot move it twice); the page says what came back and what is still on its way.
 */
export default function VenueBackPage() {
  const { t } = useTranslation('games');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [key] = useIdempotencyKey();
  const recall = useMutation({
    mutationFn: (idempotencyKey: string) => post('recall', { idempotencyKey }),
    onSuccess: (result) => {
      queryClient.setQueryData(balanceQuery.queryKey, (old) => (old ? { ...old, balance: result.main } : old));
      void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
    },
  });
  const asked = useRef(false);

  useEffect(() => {
    useSession.getState().clearGame();
    if (asked.current) return;
    asked.current = true;
    recall.mutate(key);
  }, [recall, key]);

  return (
    <div className={styles.page}>
      <PageHeader title={t('venueBack.title')} fallback={paths.home} />
      {recall.isPending && (
        <div className={styles.center} role="status">
          <SpinLoading color="primary" />
          <p className={styles.note}>{t('venueBack.recalling')}</p>
        </div>
      )}
      {recall.isError && <ErrorState message={recall.error.message} onRetry={() => recall.mutate(key)} />}
      {recall.data && <Result result={recall.data} />}
      <div className={styles.actions}>
        <Button shape="rounded" onClick={() => navigate(paths.transfer)}>
          {t('venueBack.transfer')}
        </Button>
        <Button color="primary" shape="rounded" onClick={() => navigate(paths.home, { replace: true })}>
          {t('venueBack.home')}
        </Button>
      </div>
    </div>
  );
}

function Result({ result }: { result: TransferResult }) {
  const { t } = useTranslation('games');
  const left = result.venues.filter((venue) => Number(venue.balance) > 0 || Number(venue.pending) > 0);
  return (
    <section className={styles.result} aria-live="polite">
      <p className={styles.note}>{t(`venueBack.${result.status}`)}</p>
      <span className={styles.note}>{t('venueBack.main')}</span>
      <strong className={styles.resultAmount} data-testid="main-balance">
        {money(result.main)}
      </strong>
      {left.length > 0 && (
        <ul className={styles.resultLines}>
          {left.map((venue) => (
            <li key={venue.code}>
              {t('venueBack.stillInVenue', {
                name: venue.name,
                amount: money(Number(venue.pending) > 0 ? venue.pending : venue.balance),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
