import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import styles from './ReconnectingNote.module.css';
import { useRealtimeStatus } from './use-topic';
import './realtime.locale';

/** A blip (a tunnel, a network hand-over) is not news: the note waits this long before it shows. */
export const RECONNECTING_NOTE_MS = 2_500;

/**
 * A quiet pill while the live channel is down for more than a moment on a page that listens to it; the page keeps
 * showing what it has (and polls slowly) meanwhile.
 */
export function ReconnectingNote() {
  const { t } = useTranslation('realtime');
  const downSince = useRealtimeStatus((status) => (status.state === 'down' ? status.downSince : null));
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (downSince === null) {
      setShown(false);
      return;
    }
    const wait = Math.max(0, downSince + RECONNECTING_NOTE_MS - Date.now());
    const timer = window.setTimeout(() => setShown(true), wait);
    return () => window.clearTimeout(timer);
  }, [downSince]);
  if (!shown) return null;
  return (
    <output className={styles.note} aria-live="polite">
      <span className={styles.dot} aria-hidden />
      {t('reconnecting')}
    </output>
  );
}
