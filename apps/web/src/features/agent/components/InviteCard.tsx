import type { AgentInfoView } from '@jinb/contract';
import { Button } from 'antd-mobile';
import { copyText } from '../../../shared/clipboard/copy-text';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { showFailure, showSuccess } from '../../../shared/ui/feedback';
import styles from '../agent.module.css';
import { InviteQr } from './InviteQr';

/** The member's code and link with copy buttons, and the link's QR code to save. */
export function InviteCard({ info }: { info: AgentInfoView }) {
  const { t } = useTranslation('agent');
  const copy = async (text: string) => {
    if (await copyText(text)) showSuccess(t('copied'));
    else showFailure(t('copyFailed'));
  };
  return (
    <section className={styles.card} aria-labelledby="agent-invite">
      <h2 id="agent-invite" className={styles.cardTitle}>
        {t('inviteTitle')}
      </h2>
      <div className={styles.field}>
        <span className={styles.label}>{t('code')}</span>
        <span className={styles.code} data-testid="invite-code">
          {info.inviteCode}
        </span>
        <Button size="mini" shape="rounded" onClick={() => void copy(info.inviteCode)}>
          {t('copyCode')}
        </Button>
      </div>
      <div className={styles.field}>
        <span className={styles.label}>{t('link')}</span>
        <span className={styles.link} data-testid="invite-link">
          {info.link}
        </span>
        <Button size="mini" shape="rounded" color="primary" onClick={() => void copy(info.link)}>
          {t('copyLink')}
        </Button>
      </div>
      <InviteQr link={info.link} code={info.inviteCode} />
    </section>
  );
}
