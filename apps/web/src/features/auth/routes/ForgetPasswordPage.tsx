import { fields } from '@jinb/contract';
import { Form } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { CardForm } from '../../../shared/forms/CardForm';
import { schemaRule } from '../../../shared/forms/form-rules';
import { ConfirmPasswordItem, PasswordItem } from '../../../shared/forms/PasswordItem';
import { PhoneCodeFields } from '../../../shared/forms/PhoneCodeFields';
import { pickedArea } from '../../../shared/forms/PhoneFields';
import { requestSmsCode } from '../../../shared/forms/sms';
import { useCaptcha } from '../../../shared/forms/use-captcha';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { showError, showSuccess } from '../../../shared/ui/feedback';
import { PageHeader } from '../../../shared/ui/PageHeader';
import '../auth.locale';
import { useForgetPassword } from '../auth.api';
import styles from '../auth.module.css';
import { AccountItem } from '../components/AccountItem';

type ForgetValues = {
  account: string;
  area: string[];
  phone: string;
  code: string;
  smsCode: string;
  password: string;
  confirm: string;
};

export default function ForgetPasswordPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<ForgetValues>();
  const captcha = useCaptcha();
  const navigate = useNavigate();
  const reset = useForgetPassword();

  const submit = (values: ForgetValues) =>
    reset.mutate(
      {
        account: values.account.trim(),
        area: pickedArea(values.area),
        phone: values.phone.trim(),
        smsCode: values.smsCode.trim(),
        password: values.password,
      },
      {
        onSuccess: () => {
          showSuccess(t('resetSuccess'));
          navigate(paths.login, { replace: true });
        },
        onError: showError,
      },
    );

  return (
    <div className={styles.page}>
      <PageHeader title={t('resetPassword')} fallback={paths.login} />
      <div className={styles.hero}>
        <p>{t('forgetHint')}</p>
      </div>
      <CardForm name="forget" form={form} onFinish={submit} submitText={t('submitReset')} submitting={reset.isPending}>
        <AccountItem placeholder={t('accountPlaceholder')} />
        <PhoneCodeFields form={form} captcha={captcha} onSend={() => requestSmsCode(form, 'forget', captcha)} />
        <PasswordItem
          name="password"
          label={t('newPassword')}
          placeholder={t('newPasswordPlaceholder')}
          autoComplete="new-password"
          enterKeyHint="next"
          rules={[schemaRule(fields.plainPassword, t)]}
        />
        <ConfirmPasswordItem form={form} label={t('confirmPassword')} placeholder={t('confirmPasswordPlaceholder')} />
      </CardForm>
      <div className={styles.links}>
        <span />
        <Link to={paths.login}>{t('goLogin')}</Link>
      </div>
    </div>
  );
}
