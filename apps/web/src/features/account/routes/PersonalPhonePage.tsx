import type { UserInfo } from '@jinb/contract';
import { Form, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { CardForm } from '../../../shared/forms/CardForm';
import { PasswordItem } from '../../../shared/forms/PasswordItem';
import { PhoneCodeFields } from '../../../shared/forms/PhoneCodeFields';
import { pickedArea } from '../../../shared/forms/PhoneFields';
import { requestSmsCode } from '../../../shared/forms/sms';
import { useCaptcha } from '../../../shared/forms/use-captcha';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { goBack } from '../../../shared/navigation/go-back';
import { paths } from '../../../shared/paths';
import { showError, showSuccess } from '../../../shared/ui/feedback';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import '../account.locale';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { useBindPhone } from '../account.api';
import styles from '../account.module.css';

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
  const [form] = Form.useForm<PhoneValues>();
  const captcha = useCaptcha();
  const navigate = useNavigate();
  const bind = useBindPhone();
  const [wasBound] = useState(() => user.phone !== '');
  const [proof, setProof] = useState<Proof | null>(null);

  const submit = (values: PhoneValues) =>
    bind.mutate(
      { area: pickedArea(values.area), phone: values.phone.trim(), smsCode: values.smsCode.trim(), ...proof },
      {
        onSuccess: () => {
          showSuccess(wasBound ? t('modified') : t('bindSuccess'));
          goBack(navigate, paths.personalInfo);
        },
        onError: (error) => {
          showError(error);
          if (error instanceof ApiError && PROOF_REFUSED.has(error.code)) setProof(null);
        },
      },
    );

  if (wasBound && !proof) return <ProofStep user={user} onProved={setProof} />;

  return (
    <>
      {user.phone && <p className={styles.intro}>{t('currentPhone', { phone: `+${user.phoneArea} ${user.phone}` })}</p>}
      {wasBound && <p className={styles.intro}>{t('newPhoneIntro')}</p>}
      <CardForm
        name="bindPhone"
        form={form}
        onFinish={submit}
        submitText={t('submit', { ns: 'common' })}
        submitting={bind.isPending}
      >
        <PhoneCodeFields
          form={form}
          captcha={captcha}
          onSend={() => requestSmsCode(form, 'bind', captcha)}
          codeEnterKeyHint="done"
        />
      </CardForm>
    </>
  );
}

/** Step one of changing a bound phone: a code sent to the old phone, or the login password. */
function ProofStep({ user, onProved }: { user: UserInfo; onProved: (proof: Proof) => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<ProofValues>();
  const captcha = useCaptcha();
  const [method, setMethod] = useState<'sms' | 'password'>('sms');

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
      <CardForm name="phoneProof" form={form} onFinish={next} submitText={t('next')}>
        {method === 'sms' ? (
          <>
            <p className={styles.hint}>{t('oldPhoneHint')}</p>
            <PhoneCodeFields
              form={form}
              captcha={captcha}
              onSend={() => requestSmsCode(form, 'unbind', captcha)}
              codeName="oldSmsCode"
              codeEnterKeyHint="done"
            />
          </>
        ) : (
          <PasswordItem
            name="password"
            label={t('password')}
            placeholder={t('passwordPlaceholder')}
            autoComplete="current-password"
            rules={[{ required: true, message: t('passwordPlaceholder') }]}
            enterKeyHint="done"
          />
        )}
      </CardForm>
    </>
  );
}
