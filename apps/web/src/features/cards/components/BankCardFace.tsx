import type { Card } from '@jinb/contract';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatDate } from '../../../shared/ui/format-date';
import { cardFaceNumber } from '../card-format';
import '../cards.locale';
import styles from '../cards.module.css';

const RED = 'linear-gradient(135deg, #e0464b 0%, #b51f2e 100%)';
const BLUE = 'linear-gradient(135deg, #2f7de1 0%, #1a4fa3 100%)';
const GREEN = 'linear-gradient(135deg, #19a68a 0%, #0d7560 100%)';
const PURPLE = 'linear-gradient(135deg, #7a5af0 0%, #4b33b8 100%)';
const ORANGE = 'linear-gradient(135deg, #f08a24 0%, #c15c07 100%)';
const SLATE = 'linear-gradient(135deg, #3d4a5c 0%, #1f2733 100%)';

/** Members recognise a card by its bank's colour; banks the operator adds later get one picked from their code. */
const BANK_FACES: Record<string, string> = {
  ICBC: RED,
  BOC: RED,
  CMB: RED,
  CITIC: RED,
  CGB: RED,
  HXB: RED,
  CCB: BLUE,
  BOCOM: BLUE,
  CIB: BLUE,
  SPDB: BLUE,
  ABC: GREEN,
  PSBC: GREEN,
  CMBC: SLATE,
  CEB: PURPLE,
  PAB: ORANGE,
};
const FALLBACK_FACES = [RED, BLUE, GREEN, PURPLE, ORANGE, SLATE];

function faceFor(bankCode: string): string {
  const known = BANK_FACES[bankCode];
  if (known) return known;
  let hash = 0;
  for (const char of bankCode) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return FALLBACK_FACES[hash % FALLBACK_FACES.length]!;
}

/** A bound bank card drawn like the plastic one: bank, holder, masked number, bound date. */
export function BankCardFace({ card }: { card: Card }) {
  const { t } = useTranslation('cards');
  return (
    <div className={styles.cardFace} style={{ background: faceFor(card.bankCode) }}>
      <div className={styles.cardFaceTop}>
        <span className={styles.cardBank}>{card.bankName}</span>
        <span className={styles.cardHolder}>{card.holderName}</span>
      </div>
      <div className={styles.cardNumber}>{cardFaceNumber(card.accountNo)}</div>
      <div className={styles.cardMeta}>{t('boundOn', { date: formatDate(card.createdAt) })}</div>
    </div>
  );
}
