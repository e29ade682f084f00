import type { LeaveMessageBody, LeftMessage } from '@jinb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, TextArea } from 'antd-mobile';
import { CheckCircleFill, EditSOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { post } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { selectIsLoggedIn, useSession } from '../../../shared/session/session-store';
import { showError, showFirstFieldError } from '../../../shared/ui/feedback';
import { formatDateTime } from '../../../shared/ui/format-date';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { leftMessagesQuery, supportKeys } from '../chat/chat.api';
import '../customer.locale';
import styles from './LeaveMessagePage.module.css';

/** The contract's leaveMessageBody limits. */
const CONTENT_MAX = 1_000;
const CONTACT_MAX = 100;

/**
 * /tutorial/leaveMsg: a message for support when no agent is on duty (members only: the reply goes to the inbox),
 * and the member's earlier messages with the replies.
 */
export default function LeaveMessagePage() {
  const { t } = useTranslation('customer');
  const signedIn = useSession(selectIsLoggedIn);
  return (
    <div className={styles.page}>
      <PageHeader title={t('leave.title')} fallback={paths.customer} />
      {signedIn ? <LeaveMessage /> : <SignInFirst />}
    </div>
  );
}

function SignInFirst() {
  const { t } = useTranslation('customer');
  return (
    <section className={styles.signIn}>
      <span className={styles.signInIcon} aria-hidden>
        <EditSOutline />
      </span>
      <h2>{t('leave.signInTitle')}</h2>
      <p>{t('leave.signInNote')}</p>
      <Link className={styles.signInButton} to={`${paths.login}?redirect=${encodeURIComponent(paths.leaveMessage)}`}>
        {t('leave.signIn')}
      </Link>
    </section>
  );
}

function LeaveMessage() {
  const { t } = useTranslation('customer');
  const queryClient = useQueryClient();
  const history = useQuery(leftMessagesQuery);
  const [done, setDone] = useState(false);
  const [form] = Form.useForm<LeaveMessageBody>();
  const leave = useMutation({
    mutationFn: (body: LeaveMessageBody) => post('supportLeaveMessage', { body }),
    onSuccess: (created) => {
      queryClient.setQueryData<LeftMessage[]>(supportKeys.leftMessages(), (list) => [
        created,
        ...(list ?? []).filter((one) => one.id !== created.id),
      ]);
      form.resetFields();
      setDone(true);
    },
    onError: showError,
  });

  return (
    <PullRefresh onRefresh={() => history.refetch()}>
      <div className={styles.body}>
        {done ? (
          <section className={styles.success} aria-live="polite">
            <CheckCircleFill className={styles.successIcon} aria-hidden />
            <h2>{t('leave.success')}</h2>
            <p>{t('leave.successNote')}</p>
            <div className={styles.successActions}>
              <Button shape="rounded" onClick={() => setDone(false)}>
                {t('leave.again')}
              </Button>
              <Link className={styles.toChat} to={paths.customer}>
                {t('leave.backToChat')}
              </Link>
            </div>
          </section>
        ) : (
          <>
            <p className={styles.intro}>{t('leave.intro')}</p>
            <Form
              form={form}
              name="leaveMessage"
              mode="card"
              layout="vertical"
              requiredMarkStyle="none"
              initialValues={{ content: '', contact: '' }}
              onFinish={(values) =>
                leave.mutate({ content: values.content.trim(), contact: (values.contact ?? '').trim() })
              }
              onFinishFailed={showFirstFieldError}
              footer={
                <Button block type="submit" color="primary" size="large" shape="rounded" loading={leave.isPending}>
                  {t('leave.submit')}
                </Button>
              }
            >
              <Form.Item
                name="content"
                label={t('leave.content')}
                rules={[{ required: true, whitespace: true, message: t('leave.contentRequired') }]}
              >
                <TextArea
                  placeholder={t('leave.contentPlaceholder')}
                  maxLength={CONTENT_MAX}
                  showCount
                  autoSize={{ minRows: 4, maxRows: 8 }}
                />
              </Form.Item>
              <Form.Item name="contact" label={t('leave.contact')}>
                <Input placeholder={t('leave.contactPlaceholder')} maxLength={CONTACT_MAX} />
              </Form.Item>
            </Form>
          </>
        )}
        <section className={styles.history}>
          <h2 className={styles.historyTitle}>{t('leave.history')}</h2>
          {history.isPending ? (
            <LoadingState />
          ) : history.isError ? (
            <ErrorState message={history.error.message} onRetry={() => void history.refetch()} />
          ) : history.data.length === 0 ? (
            <EmptyState description={t('leave.empty')} />
          ) : (
            <ul className={styles.list}>
              {history.data.map((message) => (
                <li key={message.id} className={styles.item}>
                  <div className={styles.itemHead}>
                    <time>{formatDateTime(message.createdAt)}</time>
                    <span className={message.reply ? styles.replied : styles.pending}>
                      {message.reply ? t('leave.replied') : t('leave.pending')}
                    </span>
                  </div>
                  <p className={styles.content}>{message.content}</p>
                  {message.contact && <p className={styles.contact}>{message.contact}</p>}
                  {message.reply && (
                    <div className={styles.reply}>
                      <span className={styles.replyLabel}>{t('leave.reply')}</span>
                      <p>{message.reply}</p>
                      {message.repliedAt && <time>{formatDateTime(message.repliedAt)}</time>}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </PullRefresh>
  );
}
