import { fields, type UserInfo } from '@jinb/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useSession } from '../../../shared/session/session-store';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import '../../auth/auth.locale';
import { CaptchaImage } from '../../auth/components/CaptchaImage';
import { PhoneFields, pickedArea } from '../../auth/components/PhoneFields';
import { SendCodeButton } from '../../auth/components/SendCodeButton';
import { showError, showFirstFieldError, showSuccess } from '../../auth/feedback';
import { schemaRule } from '../../auth/form-rules';
import { useCaptcha } from '../../auth/hooks/use-captcha';
import { requestSmsCode } from '../../auth/sms';
import '../account.locale';
import { bindPhone } from '../account.api';
import styles from '../account.module.css';
import { goBack } from '../go-back';
import { useCurrentUser } from '../hooks/use-current-user';

type PhoneValues = { area: string[]; phone: string; code: string; smsCode: string };

export default function PersonalPhonePage() {
  const { t } = useTranslation('account');
  const current = useCurrentUser();
  const title = current.user?.phone ? t('changePhone') : t('bindPhone');
  return (
    <div className={styles.page}>
      <PageHeader title={title} fallback={paths.personalInfo} />
      {current.status === 'loading' && <LoadingState />}
      {current.status === 'error' && <ErrorState onRetry={current.reload} />}
      {current.status === 'ready' && <PhoneForm user={current.user} />}
    </div>
  );
}

function PhoneForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  const { t: tAuth } = useTranslation('auth');
  const [form] = Form.useForm<PhoneValues>();
  const captcha = useCaptcha();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [wasBound] = useState(() => user.phone !== '');

  const sendSms = async () => {
    const cooldown = await requestSmsCode(form, 'bind', captcha, tAuth);
    showSuccess(tAuth('codeSent'));
    return cooldown;
  };

  const submit = async (values: PhoneValues) => {
    setSubmitting(true);
    try {
      const updated = await bindPhone({
        area: pickedArea(values.area),
        phone: values.phone.trim(),
        smsCode: values.smsCode.trim(),
      });
      useSession.getState().setUser(updated);
      showSuccess(wasBound ? t('modified') : t('bindSuccess'));
      goBack(navigate, paths.personalInfo);
    } catch (error) {
      showError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      {user.phone && <p className={styles.intro}>{t('currentPhone', { phone: `+${user.phoneArea} ${user.phone}` })}</p>}
      <Form
        name="bindPhone"
        form={form}
        mode="card"
        layout="horizontal"
        requiredMarkStyle="none"
        validateTrigger="onBlur"
        className={styles.form}
        onFinish={submit}
        onFinishFailed={showFirstFieldError}
        footer={
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={submitting}>
            {t('submit', { ns: 'common' })}
          </Button>
        }
      >
        <PhoneFields form={form} />
        {/* Only the SMS request uses the captcha, so it is checked there rather than on submit. */}
        <Form.Item name="code" label={tAuth('captcha')} extra={<CaptchaImage captcha={captcha} />}>
          <Input
            placeholder={tAuth('captchaPlaceholder')}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            maxLength={12}
            enterKeyHint="next"
          />
        </Form.Item>
        <Form.Item
          name="smsCode"
          label={tAuth('smsCode')}
          rules={[schemaRule(fields.smsCode, tAuth)]}
          extra={<SendCodeButton onSend={sendSms} />}
        >
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={tAuth('smsCodePlaceholder')}
            maxLength={6}
            enterKeyHint="done"
          />
        </Form.Item>
      </Form>
    </>
  );
}
