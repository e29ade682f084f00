import { StarFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/ui/feedback';
import styles from './chat.module.css';

type RatingSheetProps = {
  pending: boolean;
  error: unknown;
  onSubmit: (score: number, comment: string) => void;
  onLater: () => void;
};

/** At the end of a conversation: 1-5 stars and an optional comment, over the chat like a bottom sheet. */
export function RatingSheet({ pending, error, onSubmit, onLater }: RatingSheetProps) {
  const { t } = useTranslation('customer');
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const labels = t('chat.rateLabels', { returnObjects: true }) as string[];
  return (
    <div className={styles.sheetMask}>
      <section className={styles.sheet} role="dialog" aria-modal="true" aria-labelledby="chat-rate-title">
        <h2 id="chat-rate-title" className={styles.sheetTitle}>
          {t('chat.rateTitle')}
        </h2>
        <div className={styles.stars} role="radiogroup" aria-label={t('chat.rateTitle')}>
          {[1, 2, 3, 4, 5].map((value) => (
            // biome-ignore lint/a11y/useSemanticElements: a row of star buttons reads better than radio inputs here
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={score === value}
              aria-label={t('chat.rateStar', { score: value })}
              className={value <= score ? styles.starOn : styles.star}
              onClick={() => setScore(value)}
            >
              <StarFill aria-hidden />
            </button>
          ))}
        </div>
        <p className={styles.starLabel}>{score ? labels[score - 1] : '\u00a0'}</p>
        <textarea
          className={styles.comment}
          rows={3}
          maxLength={500}
          value={comment}
          placeholder={t('chat.rateComment')}
          aria-label={t('chat.rateComment')}
          onChange={(event) => setComment(event.target.value)}
        />
        {error ? (
          <p className={styles.sheetError} role="alert">
            {errorMessage(error)}
          </p>
        ) : null}
        <div className={styles.sheetActions}>
          <button type="button" className={styles.later} onClick={onLater}>
            {t('chat.rateLater')}
          </button>
          <button
            type="button"
            className={styles.submit}
            disabled={!score || pending}
            onClick={() => onSubmit(score, comment.trim())}
          >
            {t('chat.rateSubmit')}
          </button>
        </div>
      </section>
    </div>
  );
}
