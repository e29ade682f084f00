import type { HomeContent } from '@jinb/contract';
import { NoticeBar, Popup } from 'antd-mobile';
import { CloseOutline, SoundOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/ui/format-date';
import styles from './NoticeTicker.module.css';

type Notice = HomeContent['notices'][number];

/** Scrolls the notice titles; a tap opens every notice in full. */
export function NoticeTicker({ notices }: { notices: Notice[] }) {
  const { t } = useTranslation('home');
  const [open, setOpen] = useState(false);

  return (
    <>
      <NoticeBar
        className={styles.bar}
        shape="rounded"
        icon={<SoundOutline aria-label={t('notices')} />}
        content={notices.map((notice) => notice.title).join('\u3000\u3000')}
        onClick={() => setOpen(true)}
      />
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName={styles.sheet}
      >
        <div className={styles.sheetHeader}>
          <h2>{t('noticeList')}</h2>
          <button type="button" className={styles.close} onClick={() => setOpen(false)} aria-label={t('close')}>
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
    </>
  );
}
