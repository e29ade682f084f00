import type { HomeContent } from '@jinb/contract';
import { NoticeBar } from 'antd-mobile';
import { SoundOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import styles from './NoticeTicker.module.css';

type Notice = HomeContent['notices'][number];

const NoticeSheet = lazy(() => import('./NoticeSheet'));

/** Scrolls the notice titles; a tap opens every notice in full. */
export function NoticeTicker({ notices }: { notices: Notice[] }) {
  const { t } = useTranslation('home');
  const [open, setOpen] = useState(false);
  // The sheet's code is fetched on the first tap and stays mounted after, so closing still animates.
  const [wanted, setWanted] = useState(false);

  return (
    <>
      <NoticeBar
        className={styles.bar}
        shape="rounded"
        icon={<SoundOutline aria-label={t('notices')} />}
        content={notices.map((notice) => notice.title).join('\u3000\u3000')}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      />
      {wanted && (
        <Suspense fallback={null}>
          <NoticeSheet notices={notices} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
