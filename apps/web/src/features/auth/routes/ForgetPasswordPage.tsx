import { fields } from '@jinb/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { PageHeader } from '../../../shared/ui/PageHeader';
import '../auth.locale';
import { forgetPassword } from '../auth.api';
import styles from '../auth.module.css';
import { CaptchaImage } from '../components/CaptchaImage';
import { PasswordItem } from '../components/PasswordItem';
import { PhoneFields, pickedArea } from '../components/PhoneFields';
import { SendCodeButton } from '../components/SendCodeButton';
import { showError, showFirstFieldError, showSuccess } from '../feedback';
import { checkRule, schemaRule } from '../form-rules';
import { useCaptcha } from '../hooks/use-captcha';
import { requestSmsCode } from '../sms';

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
  const [submitting, setSubmitting] = useState(false);

  const sendSms = async () => {
    const cooldown = await requestSmsCode(form, 'forget', captcha, t);
    showSuccess(t('codeSent'));
    return cooldown;
  };

  const submit = async (values: ForgetValues) => {
    setSubmitting(true);
    try {
      await forgetPassword({
        account: values.account.trim(),
        area: pickedArea(values.area),
        phone: values.phone.trim(),
        smsCode: values.smsCode.trim(),
        password: values.password,
      });
      showSuccess(t('resetSuccess'));
      navigate(paths.login, { replace: true });
    } catch (error) {
      showError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('resetPassword')} fallback={paths.login} />
      <div className={styles.hero}>
        <p>{t('forgetHint')}</p>
      </div>
      <Form
        name="forget"
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
            {t('submitReset')}
          </Button>
        }
      >
        <Form.Item name="account" label={t('account')} rules={[schemaRule(fields.account, t)]}>
          <Input
            placeholder={t('accountPlaceholder')}
            autoComplete="username"
            autoCapitalize="off"
            autoCorrect="off"
            maxLength={11}
            enterKeyHint="next"
          />
        </Form.Item>
        <PhoneFields form={form} />
        {/* Only the SMS request uses the captcha, so it is checked there rather than on submit. */}
        <Form.Item name="code" label={t('captcha')} extra={<CaptchaImage captcha={captcha} />}>
          <Input
            placeholder={t('captchaPlaceholder')}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            maxLength={12}
            enterKeyHint="next"
          />
        </Form.Item>
        <Form.Item
          name="smsCode"
          label={t('smsCode')}
          rules={[schemaRule(fields.smsCode, t)]}
          extra={<SendCodeButton onSend={sendSms} />}
        >
          <Input
            placeholder={t('smsCodePlaceholder')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            enterKeyHint="next"
          />
        </Form.Item>
        <PasswordItem
          name="password"
          label={t('newPassword')}
          placeholder={t('newPasswordPlaceholder')}
          autoComplete="new-password"
          enterKeyHint="next"
          rules={[schemaRule(fields.plainPassword, t)]}
        />
        <PasswordItem
          name="confirm"
          label={t('confirmPassword')}
          placeholder={t('confirmPasswordPlaceholder')}
          autoComplete="new-password"
          enterKeyHint="done"
          dependencies={['password']}
          rules={[
            checkRule((value) => {
              if (!value) return t('confirmPasswordPlaceholder');
              return value === form.getFieldValue('password') ? null : t('passwordMismatch');
            }),
          ]}
        />
      </Form>
      <div className={styles.links}>
        <span />
        <Link to={paths.login}>{t('goLogin')}</Link>
      </div>
    </div>
  );
}
