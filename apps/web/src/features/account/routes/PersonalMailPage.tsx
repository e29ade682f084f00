import { fields, type UserInfo } from '@jinb/contract';
import { Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CardForm } from '../../../shared/forms/CardForm';
import { schemaRule } from '../../../shared/forms/form-rules';
import { SendCodeButton } from '../../../shared/forms/SendCodeButton';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { showError, showFirstFieldError, showSuccess } from '../../../shared/ui/feedback';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import '../account.locale';
import { goBack } from '../../../shared/navigation/go-back';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { sendEmailCode, useBindEmail } from '../account.api';
import styles from '../account.module.css';

type MailValues = { email: string; code: string };

export default function PersonalMailPage() {
  const { t } = useTranslation('account');
  const current = useCurrentUser();
  const title = current.user?.email ? t('changeMail') : t('bindMail');
  return (
    <div className={styles.page}>
      <PageHeader title={title} fallback={paths.personalInfo} />
      {current.status === 'loading' && <LoadingState />}
      {current.status === 'error' && <ErrorState onRetry={current.reload} />}
      {current.status === 'ready' && <MailForm user={current.user} />}
    </div>
  );
}

function MailForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<MailValues>();
  const navigate = useNavigate();
  const bind = useBindEmail();
  // Decided once: after binding, the store's user has an e-mail and the message must still say "bound".
  const [wasBound] = useState(() => user.email !== '');

  const sendCode = async () => {
    try {
      await form.validateFields(['email']);
    } catch (info) {
      showFirstFieldError(info);
      throw info;
    }
    try {
      const { cooldown } = await sendEmailCode(String(form.getFieldValue('email')).trim());
      showSuccess(t('codeSent'));
      return cooldown;
    } catch (error) {
      showError(error);
      throw error;
    }
  };

  const submit = (values: MailValues) =>
    bind.mutate(
      { email: values.email.trim(), code: values.code.trim() },
      {
        onSuccess: () => {
          showSuccess(wasBound ? t('modified') : t('bindSuccess'));
          goBack(navigate, paths.personalInfo);
        },
        onError: showError,
      },
    );

  return (
    <>
      {user.email && <p className={styles.intro}>{t('currentMail', { email: user.email })}</p>}
      <CardForm
        name="bindMail"
        form={form}
        onFinish={submit}
        submitText={t('submit', { ns: 'common' })}
        submitting={bind.isPending}
      >
        <Form.Item name="email" label={t('email')} rules={[schemaRule(fields.email, t)]}>
          <Input
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="off"
            autoCorrect="off"
            placeholder={t('emailPlaceholder')}
            maxLength={254}
            enterKeyHint="next"
          />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('emailCode')}
          rules={[schemaRule(fields.emailCode, t)]}
          extra={<SendCodeButton onSend={sendCode} />}
        >
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('emailCodePlaceholder')}
            maxLength={6}
            enterKeyHint="done"
          />
        </Form.Item>
      </CardForm>
    </>
  );
}
