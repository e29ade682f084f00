import { Button } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { showFailure, showSuccess } from '../../../shared/ui/feedback';
import styles from '../agent.module.css';

/** Pixels per QR module on the canvas (the saved PNG is this size; CSS shows it smaller). */
const MODULE_PX = 8;

/** Draws the link's QR code on a canvas; the encoder (uqr, 4 kB) is fetched only when this page shows one. */
async function drawQr(canvas: HTMLCanvasElement, text: string): Promise<void> {
  const { encode } = await import('uqr');
  const qr = encode(text, { ecc: 'M', border: 2 });
  canvas.width = qr.size * MODULE_PX;
  canvas.height = qr.size * MODULE_PX;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#1f2329';
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) context.fillRect(x * MODULE_PX, y * MODULE_PX, MODULE_PX, MODULE_PX);
    });
  });
}

/** Saves the canvas as a PNG file (a download; in-app webviews that refuse it get a hint to take a screenshot). */
function savePng(canvas: HTMLCanvasElement, name: string): Promise<boolean> {
  return new Promise((resolve) => {
    canvas.toBlob((blob) => {
      if (!blob) {
        resolve(false);
        return;
      }
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = name;
      document.body.appendChild(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      resolve(true);
    }, 'image/png');
  });
}

export function InviteQr({ link, code }: { link: string; code: string }) {
  const { t } = useTranslation('agent');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    setReady(false);
    if (canvas.current)
      drawQr(canvas.current, link)
        .then(() => live && setReady(true))
        .catch(() => live && setReady(false));
    return () => {
      live = false;
    };
  }, [link]);

  const save = async () => {
    if (canvas.current && (await savePng(canvas.current, `invite-${code}.png`))) showSuccess(t('saved'));
    else showFailure(t('saveFailed'));
  };

  return (
    <div className={styles.qrBox}>
      <canvas ref={canvas} className={styles.qr} role="img" aria-label={t('qr')} data-ready={ready} />
      {!ready && <span className={styles.qrLoading}>{t('qrLoading')}</span>}
      <p className={styles.hint}>{t('qrHint')}</p>
      <Button size="small" shape="rounded" color="primary" fill="outline" disabled={!ready} onClick={() => void save()}>
        {t('saveQr')}
      </Button>
    </div>
  );
}
