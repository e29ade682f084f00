import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n/use-translation';
import styles from './ImageOverlay.module.css';

/**
 * Pictures full screen, swiped with the browser's own scroll snapping. antd-mobile's ImageViewer would do pinch and
 * drag with the gesture library, which the bundle keeps in the chunk every tabbed list loads: a member opening a
 * screenshot does not need it.
 */
export function ImageOverlay({ images, start, onClose }: { images: string[]; start: number; onClose: () => void }) {
  const { t } = useTranslation();
  const strip = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = strip.current;
    if (node) node.scrollLeft = node.clientWidth * start;
  }, [start]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return createPortal(
    <div className={styles.overlay} role="dialog" aria-modal="true">
      <div className={styles.strip} ref={strip}>
        {images.map((url) => (
          // A tap on the picture closes it, as in the phone's own gallery.
          <button key={url} type="button" className={styles.slide} tabIndex={-1} onClick={onClose}>
            <img src={url} alt="" />
          </button>
        ))}
      </div>
      <button type="button" className={styles.close} aria-label={t('closeImage')} onClick={onClose}>
        <CloseOutline />
      </button>
    </div>,
    document.body,
  );
}
