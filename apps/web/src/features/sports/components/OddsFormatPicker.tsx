import { ODDS_FORMATS, type OddsFormat } from '@jinb/odds';
import { DownOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useChangePreferences, useOddsFormat } from '../preferences';
import styles from './OddsFormatPicker.module.css';

/**
 * The member's odds format (欧洲盘, 香港盘, 马来盘, 印尼盘). A native select: the phone's own picker, a 44 px target and
 * no code to load for it.
 */
export function OddsFormatPicker() {
  const { t } = useTranslation('sports');
  const format = useOddsFormat();
  const change = useChangePreferences();
  const id = useId();
  return (
    <span className={styles.picker}>
      <label htmlFor={id} className="visually-hidden">
        {t('oddsFormat')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={format}
        onChange={(event) => change({ oddsFormat: event.target.value as OddsFormat })}
      >
        {ODDS_FORMATS.map((option) => (
          <option key={option} value={option}>
            {t(`oddsFormats.${option}`)}
          </option>
        ))}
      </select>
      <DownOutline className={styles.arrow} aria-hidden />
    </span>
  );
}
