import { fields, type UserInfo } from '@jinb/contract';
import { Button, Form, Input, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import '../../auth/auth.locale';
import { CaptchaImage } from '../../auth/components/CaptchaImage';
import { PasswordItem } from '../../auth/components/PasswordItem';
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
/** What proves the member still holds the bound phone, or knows the login password, before it is replaced. */
type Proof = { oldSmsCode: string } | { password: string };
type ProofValues = { area: string[]; phone: string; code: string; oldSmsCode: string; password: string };
/** Answers that mean the proof was not accepted: the member goes back to give it again. */
const PROOF_REFUSED = new Set(['OLD_PASSWORD_WRONG', 'PHONE_CHANGE_PROOF', 'TOO_MANY_REQUESTS']);

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
  const [proof, setProof] = useState<Proof | null>(null);

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
        ...proof,
      });
      useSession.getState().setUser(updated);
      showSuccess(wasBound ? t('modified') : t('bindSuccess'));
      goBack(navigate, paths.personalInfo);
    } catch (error) {
      showError(error);
      if (error instanceof ApiError && PROOF_REFUSED.has(error.code)) setProof(null);
    } finally {
      setSubmitting(false);
    }
  };

  if (wasBound && !proof) return <ProofStep user={user} onProved={setProof} />;

  return (
    <>
      {user.phone && <p className={styles.intro}>{t('currentPhone', { phone: `+${user.phoneArea} ${user.phone}` })}</p>}
      {wasBound && <p className={styles.intro}>{t('newPhoneIntro')}</p>}
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

/** Step one of changing a bound phone: a code sent to the old phone, or the login password. */
function ProofStep({ user, onProved }: { user: UserInfo; onProved: (proof: Proof) => void }) {
  const { t } = useTranslation('account');
  const { t: tAuth } = useTranslation('auth');
  const [form] = Form.useForm<ProofValues>();
  const captcha = useCaptcha();
  const [method, setMethod] = useState<'sms' | 'password'>('sms');

  const sendSms = async () => {
    const cooldown = await requestSmsCode(form, 'unbind', captcha, tAuth);
    showSuccess(tAuth('codeSent'));
    return cooldown;
  };

  const next = (values: ProofValues) =>
    onProved(method === 'sms' ? { oldSmsCode: values.oldSmsCode.trim() } : { password: values.password });

  return (
    <>
      <p className={styles.intro}>{t('currentPhone', { phone: `+${user.phoneArea} ${user.phone}` })}</p>
      <p className={styles.intro}>{t('proofIntro')}</p>
      <Tabs activeKey={method} onChange={(key) => setMethod(key === 'password' ? 'password' : 'sms')}>
        <Tabs.Tab title={t('proofBySms')} key="sms" />
        <Tabs.Tab title={t('proofByPassword')} key="password" />
      </Tabs>
      <Form
        name="phoneProof"
        form={form}
        mode="card"
        layout="horizontal"
        requiredMarkStyle="none"
        validateTrigger="onBlur"
        className={styles.form}
        onFinish={next}
        onFinishFailed={showFirstFieldError}
        footer={
          <Button block type="submit" color="primary" size="large" shape="rounded">
            {t('next')}
          </Button>
        }
      >
        {method === 'sms' ? (
          <>
            <p className={styles.hint}>{t('oldPhoneHint')}</p>
            <PhoneFields form={form} />
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
              name="oldSmsCode"
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
          </>
        ) : (
          <PasswordItem
            name="password"
            label={tAuth('password')}
            placeholder={tAuth('passwordPlaceholder')}
            autoComplete="current-password"
            rules={[{ required: true, message: tAuth('passwordPlaceholder') }]}
            enterKeyHint="done"
          />
        )}
      </Form>
    </>
  );
}
