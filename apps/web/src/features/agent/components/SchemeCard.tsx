import type { AgentScheme } from '@jinb/contract';
import { useTranslation } from '../../../shared/i18n/use-translation';
import styles from '../agent.module.css';
import { money } from '../agent-format';

/** The commission scheme in words and its tiers. */
export function SchemeCard({ scheme }: { scheme: AgentScheme }) {
  const { t } = useTranslation('agent');
  const basis = t(`basis.${scheme.basis}`);
  return (
    <section className={styles.card} aria-labelledby="agent-scheme">
      <h2 id="agent-scheme" className={styles.cardTitle}>
        {t('scheme')}
      </h2>
      {!scheme.enabled && <p className={styles.hint}>{t('schemeOff')}</p>}
      <p className={styles.text}>{t('schemeLine', { period: t(`period.${scheme.period}`), basis })}</p>
      <table className={styles.tiers}>
        <thead>
          <tr>
            <th scope="col">{t('tierFrom', { basis })}</th>
            <th scope="col">{t('tierRate')}</th>
          </tr>
        </thead>
        <tbody>
          {scheme.tiers.map((tier) => (
            <tr key={tier.from}>
              <td>{t('tierRow', { from: money(tier.from) })}</td>
              <td>{tier.rate}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      {Number(scheme.secondRate) > 0 && (
        <p className={styles.text}>{t('secondLine', { basis, rate: scheme.secondRate })}</p>
      )}
      <ul className={styles.rules}>
        <li>{scheme.mode === 'auto' ? t('modeLine.auto') : t('modeLine.claim', { days: scheme.expiryDays })}</li>
        {Number(scheme.multiple) > 0 && <li>{t('multipleLine', { multiple: scheme.multiple })}</li>}
        <li>{t('rules')}</li>
      </ul>
    </section>
  );
}
