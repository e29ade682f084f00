import type { UserInfo } from '@jinb/contract';
import { Button, Form, Result, Tabs } from 'antd-mobile';
import type { CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import { CardForm } from '../../../shared/forms/CardForm';
import { type AnyForm, checkRule } from '../../../shared/forms/form-rules';
import { PhoneCodeFields } from '../../../shared/forms/PhoneCodeFields';
import { requestSmsCode } from '../../../shared/forms/sms';
import { useCaptcha } from '../../../shared/forms/use-captcha';
import { WithdrawPasswordItem } from '../../../shared/forms/WithdrawPasswordItem';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { useWithdrawPasswordStatus } from '../../../shared/session/withdraw-password';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { showToast } from '../../../shared/ui/toast';
import { useSaveWithdrawPassword } from '../hooks/use-save-withdraw-password';
import '../withdraw-password.locale';
import styles from '../withdraw-password.module.css';
import '../../../shared/forms/forms.locale';

/**
 * "138****8000" as a pattern, so the full number the member types can be checked against the masked one we know
 * before an SMS is spent on a wrong number.
 */
function matchesMaskedPhone(masked: string, phone: string): boolean {
  const pattern = masked.replace(/[^\d*]/g, '').replace(/\*/g, '\\d');
  return new RegExp(`^${pattern}$`).test(phone);
}

export default function WithdrawPasswordPage() {
  const { t } = useTranslation('withdrawPassword');
  const state = useWithdrawPasswordStatus();
  const isChange = state.status === 'ready' && state.password.enable && state.password.isUsed;
  return (
    <div className={styles.page}>
      <PageHeader title={isChange ? t('changeWithdrawPassword') : t('setWithdrawPassword')} fallback={paths.setting} />
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState message={state.error?.message} onRetry={state.reload} />}
      {state.status === 'ready' && !state.password.enable && <FeatureOff />}
      {state.status === 'ready' && state.password.isToSet && <SetForm user={state.user} />}
      {isChange && state.status === 'ready' && <ChangeForms user={state.user} />}
    </div>
  );
}

function FeatureOff() {
  const { t } = useTranslation('withdrawPassword');
  const navigate = useNavigate();
  return (
    <div className={styles.result}>
      <Result status="info" title={t('withdrawPasswordOff')} description={t('withdrawPasswordOffHint')} />
      <Button
        block
        color="primary"
        size="large"
        shape="rounded"
        onClick={() => navigate(paths.setting, { replace: true })}
      >
        {t('back', { ns: 'common' })}
      </Button>
    </div>
  );
}

type NewPasswordValues = { password: string; confirm: string };

/** The new password once more, checked against what is in the `password` box now. */
function ConfirmItem({ form }: { form: AnyForm }) {
  const { t } = useTranslation('withdrawPassword');
  return (
    <WithdrawPasswordItem
      name="confirm"
      label={t('confirmWithdrawPassword')}
      placeholder={t('confirmWithdrawPasswordPlaceholder')}
      autoComplete="new-password"
      dependencies={['password']}
      rules={[
        checkRule((value) =>
          value === form.getFieldValue('password') ? null : t('passwordMismatch', { ns: 'forms' }),
        ),
      ]}
    />
  );
}

/** The new password twice. */
function NewPasswordItems({ form, label }: { form: AnyForm; label: string }) {
  const { t } = useTranslation('withdrawPassword');
  return (
    <>
      <WithdrawPasswordItem
        name="password"
        label={label}
        placeholder={t('withdrawPasswordPlaceholder')}
        autoComplete="new-password"
        enterKeyHint="next"
      />
      <ConfirmItem form={form} />
    </>
  );
}

function SetForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('withdrawPassword');
  const [form] = Form.useForm<NewPasswordValues>();
  const { save, submitting } = useSaveWithdrawPassword(user, false);
  return (
    <>
      <p className={styles.intro}>{t('withdrawPasswordIntro')}</p>
      <CardForm
        name="setWithdrawPassword"
        form={form}
        onFinish={(values: NewPasswordValues) => save({ password: values.password })}
        submitText={t('submit', { ns: 'common' })}
        submitting={submitting}
      >
        <WithdrawPasswordAccount user={user} />
        <NewPasswordItems form={form} label={t('withdrawPassword')} />
      </CardForm>
    </>
  );
}

/** Password managers file a password under a username; the account is the natural one. */
function WithdrawPasswordAccount({ user }: { user: UserInfo }) {
  return <input type="text" name="username" autoComplete="username" value={user.account} readOnly hidden />;
}

function ChangeForms({ user }: { user: UserInfo }) {
  const { t } = useTranslation('withdrawPassword');
  return (
    <>
      <p className={styles.intro}>{t('withdrawPasswordIntro')}</p>
      <Tabs defaultActiveKey="old" style={{ '--content-padding': '0', background: 'transparent' } as CSSProperties}>
        <Tabs.Tab key="old" title={t('byOldPassword')} destroyOnClose>
          <ChangeWithOldPassword user={user} />
        </Tabs.Tab>
        <Tabs.Tab key="sms" title={t('bySms')} destroyOnClose>
          <ChangeWithSms user={user} />
        </Tabs.Tab>
      </Tabs>
    </>
  );
}

type OldPasswordValues = NewPasswordValues & { oldPassword: string };

function ChangeWithOldPassword({ user }: { user: UserInfo }) {
  const { t } = useTranslation('withdrawPassword');
  const [form] = Form.useForm<OldPasswordValues>();
  const { save, submitting } = useSaveWithdrawPassword(user, true);
  return (
    <CardForm
      name="changeWithdrawPasswordByOld"
      form={form}
      onFinish={(values: OldPasswordValues) => save({ oldPassword: values.oldPassword, password: values.password })}
      submitText={t('submit', { ns: 'common' })}
      submitting={submitting}
    >
      <WithdrawPasswordAccount user={user} />
      <WithdrawPasswordItem
        name="oldPassword"
        label={t('oldWithdrawPassword')}
        placeholder={t('oldWithdrawPasswordPlaceholder')}
        autoComplete="current-password"
        enterKeyHint="next"
      />
      <WithdrawPasswordItem
        name="password"
        label={t('newWithdrawPassword')}
        placeholder={t('withdrawPasswordPlaceholder')}
        autoComplete="new-password"
        enterKeyHint="next"
        dependencies={['oldPassword']}
        rules={[
          checkRule((value) =>
            value === form.getFieldValue('oldPassword') ? t('PASSWORD_SAME', { ns: 'errors' }) : null,
          ),
        ]}
      />
      <ConfirmItem form={form} />
    </CardForm>
  );
}

type SmsValues = NewPasswordValues & { area: string[]; phone: string; code: string; smsCode: string };

/**
 * The code goes to the bound phone, which the server knows in full but shows us masked; the member types the full
 * number (area prefilled), and it is checked against the mask first.
 */
function ChangeWithSms({ user }: { user: UserInfo }) {
  const { t } = useTranslation('withdrawPassword');
  const navigate = useNavigate();
  if (!user.phone) {
    return (
      <div className={styles.result}>
        <Result status="warning" title={t('noBoundPhone')} />
        <Button block color="primary" size="large" shape="rounded" onClick={() => navigate(paths.personalPhone)}>
          {t('goBindPhone')}
        </Button>
      </div>
    );
  }
  return <SmsForm user={user} />;
}

function SmsForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('withdrawPassword');
  const [form] = Form.useForm<SmsValues>();
  const captcha = useCaptcha();
  const { save, submitting } = useSaveWithdrawPassword(user, true);

  const sendSms = async () => {
    const phone = String(form.getFieldValue('phone') ?? '').trim();
    if (phone && !matchesMaskedPhone(user.phone, phone)) {
      form.setFields([{ name: 'phone', errors: [t('phoneMismatch')] }]);
      showToast({ content: t('phoneMismatch') });
      throw new Error(t('phoneMismatch'));
    }
    return requestSmsCode(form, 'withdraw', captcha);
  };

  return (
    <>
      <p className={styles.intro}>{t('boundPhoneHint', { phone: `+${user.phoneArea} ${user.phone}` })}</p>
      <CardForm
        name="changeWithdrawPasswordBySms"
        form={form}
        initialValues={{ area: [user.phoneArea] }}
        onFinish={(values: SmsValues) => save({ smsCode: values.smsCode.trim(), password: values.password })}
        submitText={t('submit', { ns: 'common' })}
        submitting={submitting}
      >
        <WithdrawPasswordAccount user={user} />
        <PhoneCodeFields form={form} captcha={captcha} onSend={sendSms} />
        <NewPasswordItems form={form} label={t('newWithdrawPassword')} />
      </CardForm>
    </>
  );
}
