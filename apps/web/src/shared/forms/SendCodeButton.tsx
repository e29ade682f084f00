import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import './forms.locale';
import styles from './forms.module.css';

type SendCodeButtonProps = {
  /** Sends the code and resolves with the cooldown in seconds; rejects (after showing why) when nothing was sent. */
  onSend: () => Promise<number>;
  disabled?: boolean;
};

/** "Get code" button for SMS and e-mail codes: busy while sending, then counts the server's cooldown down. */
export function SendCodeButton({ onSend, disabled }: SendCodeButtonProps) {
  const { t } = useTranslation('forms');
  const [sending, setSending] = useState(false);
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((endsAt - now) / 1000));

  useEffect(() => {
    if (endsAt <= Date.now()) return;
    // Recomputed from the end time rather than decremented, so a throttled background tab still ends on time.
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const send = async () => {
    setSending(true);
    try {
      const cooldown = await onSend();
      const start = Date.now();
      setNow(start);
      setEndsAt(start + Math.max(1, cooldown) * 1000);
    } catch {
      // The caller has told the member what went wrong; the button is simply available again.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      shape="rounded"
      className={styles.sendCode}
      loading={sending}
      disabled={disabled || remaining > 0}
      onClick={send}
      style={{ whiteSpace: 'nowrap', minWidth: '6.5em' }}
    >
      {remaining > 0 ? t('resendIn', { seconds: remaining }) : t('sendCode')}
    </Button>
  );
}
