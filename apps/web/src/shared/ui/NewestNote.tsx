import { Link } from 'react-router';
import styles from './NewestNote.module.css';

/**
 * Above a detail page opened without an id (or with one that is not the member's): says the newest record is shown
 * instead, with the way to the whole list. The texts are the feature's own.
 */
export function NewestNote({ text, listLabel, to }: { text: string; listLabel: string; to: string }) {
  return (
    <p className={styles.note} role="note">
      <span>{text}</span>
      <Link to={to} replace className={styles.link}>
        {listLabel}
      </Link>
    </p>
  );
}
