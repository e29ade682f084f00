import { type Notice, platformDay } from '@jinb/contract';
import { Button, CenterPopup, Checkbox } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { usePlatformTimeZone } from '../../../shared/site/platform-time-zone';
import { dismissForToday, markShown, popupsToShow } from '../notice-popups';
import styles from './NoticePopup.module.css';

/**
 * The home page's announcement popups, one after another. 今日不再提示 hides the one on screen until the platform's
 * next day; closing without it keeps it closed for this visit only. Its own chunk: most visits have no popup.
 */
export default function NoticePopup({ notices: candidates }: { notices: Notice[] }) {
  const { t } = useTranslation('home');
  const day = platformDay(new Date(), usePlatformTimeZone());
  // Chosen once, when the page first has its content: ticking or closing one does not change the list under way.
  const [notices] = useState(() => popupsToShow(candidates, day));
  const [index, setIndex] = useState(0);
  const [skipToday, setSkipToday] = useState(false);
  // Mounted closed, then opened, so it animates in like any dialog.
  const [visible, setVisible] = useState(false);
  const current = notices[index];

  useEffect(() => {
    if (!current) return;
    markShown([current.id]);
    setVisible(true);
  }, [current]);

  if (!current) return null;

  const close = () => {
    if (skipToday) dismissForToday([current.id], day);
    setSkipToday(false);
    setVisible(false);
    setIndex((value) => value + 1);
  };

  return (
    <CenterPopup
      visible={visible}
      onMaskClick={close}
      bodyClassName={styles.body}
      role="dialog"
      aria-label={current.title}
    >
      <div className={styles.head}>
        <span className={styles.badge}>{t('notices')}</span>
        <h2>{current.title}</h2>
      </div>
      <div className={styles.content}>
        {current.content
          .split('\n')
          .filter((line) => line.trim())
          .map((line, position) => (
            // Paragraphs of one notice never reorder, so their position is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <p key={position}>{line}</p>
          ))}
      </div>
      <div className={styles.foot}>
        <Checkbox
          checked={skipToday}
          onChange={setSkipToday}
          style={{ '--icon-size': '16px', '--font-size': '13px', '--gap': '6px' }}
        >
          {t('skipToday')}
        </Checkbox>
        <Button color="primary" shape="rounded" size="small" onClick={close}>
          {t('gotIt')}
        </Button>
      </div>
    </CenterPopup>
  );
}
