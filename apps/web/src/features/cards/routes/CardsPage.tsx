import type { Card, CardKind } from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { AddCircleOutline, AlipayCircleFill } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { cardsQuery } from '../cards.api';
import '../cards.locale';
import { useWithdrawPasswordStatus } from '../../../shared/session/withdraw-password';
import styles from '../cards.module.css';
import { BankCardFace } from '../components/BankCardFace';
import { PasswordRequired } from '../components/PasswordRequired';

const ADD_PATHS: Record<CardKind, string> = {
  bank: paths.addBankCard,
  alipay: paths.addAlipay,
  usdt: paths.addVirtualCoin,
};

const KINDS: CardKind[] = ['bank', 'alipay', 'usdt'];

export default function CardsPage() {
  const { t } = useTranslation('cards');
  const state = useWithdrawPasswordStatus();
  const cards = useQuery(cardsQuery(state.user?.id ?? ''));

  const failed = state.status === 'error' || cards.isError;
  const retry = () => {
    state.reload();
    if (cards.isError) void cards.refetch();
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} fallback={paths.center} />
      {failed && <ErrorState message={cards.error?.message ?? state.error?.message} onRetry={retry} />}
      {!failed && (state.status === 'loading' || !cards.data) && <LoadingState />}
      {!failed && state.status === 'ready' && cards.data && (
        <PullRefresh onRefresh={() => Promise.all([cards.refetch(), state.refresh()])}>
          <div className={styles.cardsBody}>
            {state.password.isToSet && <PasswordRequired />}
            {cards.data.length === 0 && (
              <div className={styles.emptyCards}>
                <EmptyState description={t('empty')} />
                <p className={styles.emptyHint}>{t('emptyHint')}</p>
              </div>
            )}
            {KINDS.map((kind) => (
              <CardSection
                key={kind}
                kind={kind}
                cards={cards.data.filter((card) => card.kind === kind)}
                canAdd={!state.password.isToSet}
              />
            ))}
          </div>
        </PullRefresh>
      )}
    </div>
  );
}

function CardSection({ kind, cards, canAdd }: { kind: CardKind; cards: Card[]; canAdd: boolean }) {
  const { t } = useTranslation('cards');
  const headingId = `cards-${kind}`;
  if (cards.length === 0 && !canAdd) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t(`sections.${kind}`)}
        {cards.length > 0 && <span className={styles.sectionCount}>{cards.length}</span>}
      </h2>
      {cards.length > 0 && (
        <ul className={styles.cardList}>
          {cards.map((card) => (
            <li key={card.id}>{kind === 'bank' ? <BankCardLink card={card} /> : <AccountRow card={card} />}</li>
          ))}
        </ul>
      )}
      {canAdd && (
        <Link to={ADD_PATHS[kind]} className={styles.addTile}>
          <AddCircleOutline aria-hidden />
          {t(`add.${kind}`)}
        </Link>
      )}
    </section>
  );
}

function BankCardLink({ card }: { card: Card }) {
  const { t } = useTranslation('cards');
  return (
    <Link
      to={`${paths.bankDetail}?id=${encodeURIComponent(card.id)}`}
      className={styles.cardLink}
      aria-label={`${card.bankName} ${card.accountNo} ${t('bankDetail')}`}
    >
      <BankCardFace card={card} />
    </Link>
  );
}

/** Alipay accounts and USDT addresses: nothing more to see than the row itself. */
function AccountRow({ card }: { card: Card }) {
  return (
    <div className={styles.accountRow}>
      <span className={card.kind === 'usdt' ? styles.badgeUsdt : styles.badgeAlipay} aria-hidden>
        {card.kind === 'usdt' ? '₮' : <AlipayCircleFill />}
      </span>
      <span className={styles.accountMain}>
        <span className={styles.accountNo}>{card.accountNo}</span>
        <span className={styles.accountSub}>{card.kind === 'usdt' ? `USDT-${card.network}` : card.holderName}</span>
      </span>
    </div>
  );
}
