import type { UserInfo } from '@jinb/contract';
import { Form } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CardForm } from '../../../shared/forms/CardForm';
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

  // Proof that it is the member (the login password or a code to the bound phone) is the step-up dialog's, which
  // the submit opens when the server asks for it.
  const submit = (values: PhoneValues) =>
    bind.mutate(
      { area: pickedArea(values.area), phone: values.phone.trim(), smsCode: values.smsCode.trim() },
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
