import type { HomeContent } from '@jinb/contract';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatDateTime } from '../../../shared/ui/format-date';
import styles from './NoticeTicker.module.css';

type Notice = HomeContent['notices'][number];

/** Every notice in full, in a bottom sheet. Its own chunk: the sheet's animation code is only needed on a tap. */
export default function NoticeSheet({
  notices,
  open,
  onClose,
}: {
  notices: Notice[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('home');
  // Mounted closed, then opened, so the first opening slides up like every later one.
  const [visible, setVisible] = useState(false);
  useEffect(() => setVisible(open), [open]);

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet}>
      <div className={styles.sheetHeader}>
        <h2>{t('noticeList')}</h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('close')}>
          <CloseOutline />
        </button>
      </div>
      <ol className={styles.list}>
        {notices.map((notice) => (
          <li key={notice.id} className={styles.item}>
            <h3>{notice.title}</h3>
            <time dateTime={notice.createdAt}>{formatDateTime(notice.createdAt)}</time>
            {notice.content
              .split('\n')
              .filter((line) => line.trim())
              .map((line, index) => (
                // Paragraphs of one notice never reorder, so their position is a stable key.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <p key={index}>{line}</p>
              ))}
          </li>
        ))}
      </ol>
    </Popup>
  );
}
