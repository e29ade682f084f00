import { type QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { post } from '../api/client';
import { encryptPassword } from '../crypto/encrypt-password';
import { PasswordItem } from '../forms/PasswordItem';
import { SendCodeButton } from '../forms/SendCodeButton';
import { useTranslation } from '../i18n/use-translation';
import { useCurrentUser } from '../session/use-current-user';
import { showError, showSuccess } from '../ui/feedback';
import './step-up.locale';
import styles from './StepUpDialog.module.css';

type Method = 'password' | 'sms';
type Values = { password?: string; smsCode?: string };

/** The form inside the dialog: the sign-in password, or (when a phone is bound) a code sent to it. */
export function StepUpForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('stepUp');
  const { user } = useCurrentUser();
  const [method, setMethod] = useState<Method>('password');
  const [form] = Form.useForm<Values>();

  const verify = useMutation({
    mutationFn: async (values: Values) =>
      method === 'password'
        ? post('stepUp', { body: { method, password: await encryptPassword(values.password ?? '') } })
        : post('stepUp', { body: { method, smsCode: (values.smsCode ?? '').trim() } }),
    onSuccess: () => {
      showSuccess(t('verified'));
      onDone();
    },
    onError: showError,
  });
  const sendCode = useMutation({ mutationFn: () => post('stepUpSms'), onError: showError });

  return (
    <div role="dialog" aria-modal="true" aria-labelledby="step-up-title" data-testid="step-up">
      <h2 id="step-up-title" className={styles.title}>
        {t('title')}
      </h2>
      <p className={styles.intro}>{t('intro')}</p>
      {user?.phone && (
        <Tabs activeKey={method} onChange={(key) => setMethod(key === 'sms' ? 'sms' : 'password')}>
          <Tabs.Tab title={t('byPassword')} key="password" />
          <Tabs.Tab title={t('bySms')} key="sms" />
        </Tabs>
      )}
      {method === 'sms' && user && (
        <p className={styles.hint}>{t('smsHint', { area: user.phoneArea, phone: user.phone })}</p>
      )}
      <Form
        name="stepUp"
        form={form}
        className={styles.form}
        layout="vertical"
        onFinish={(values) => verify.mutate(values)}
      >
        {method === 'password' ? (
          <PasswordItem
            name="password"
            label={t('password')}
            placeholder={t('passwordPlaceholder')}
            autoComplete="current-password"
            rules={[{ required: true, message: t('passwordPlaceholder') }]}
            enterKeyHint="done"
          />
        ) : (
          <Form.Item
            name="smsCode"
            label={t('smsCode')}
            rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('smsCodePlaceholder') }]}
            extra={<SendCodeButton onSend={async () => (await sendCode.mutateAsync()).cooldown} />}
          >
            <Input
              placeholder={t('smsCodePlaceholder')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              enterKeyHint="done"
            />
          </Form.Item>
        )}
      </Form>
      <div className={styles.actions}>
        <Button shape="rounded" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button shape="rounded" color="primary" loading={verify.isPending} onClick={() => form.submit()}>
          {t('confirm')}
        </Button>
      </div>
    </div>
  );
}

/**
 * Opens the step-up dialog; resolves true once this session is stepped up, false when the member closes it. The
 * dialog renders outside the page's tree, so it gets the app's query client (for the member and its calls).
 */
export function askStepUp(queryClient: QueryClient): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (proved: boolean) => {
      if (settled) return;
      settled = true;
      resolve(proved);
      handler.close();
    };
    const handler = Modal.show({
      content: (
        <QueryClientProvider client={queryClient}>
          <StepUpForm onDone={() => finish(true)} onCancel={() => finish(false)} />
        </QueryClientProvider>
      ),
      closeOnMaskClick: true,
      onClose: () => finish(false),
    });
  });
}
