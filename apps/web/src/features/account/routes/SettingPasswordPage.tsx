import { fields } from '@jinb/contract';
import { Form } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CardForm } from '../../../shared/forms/CardForm';
import { checkRule, fieldError } from '../../../shared/forms/form-rules';
import { ConfirmPasswordItem, PasswordItem } from '../../../shared/forms/PasswordItem';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { showError } from '../../../shared/ui/feedback';
import { PageHeader } from '../../../shared/ui/PageHeader';
import '../account.locale';
import { updatePassword } from '../account.api';
import styles from '../account.module.css';

type PasswordValues = { oldPassword: string; password: string; confirm: string };

export default function SettingPasswordPage() {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<PasswordValues>();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const account = useCurrentUser().user?.account ?? '';

  const submit = async (values: PasswordValues) => {
    setSubmitting(true);
    try {
      const { token } = await updatePassword(values.oldPassword, values.password);
      // Every other session has just ended on the server; this one continues with the token it handed back.
      useSession.getState().setToken(token);
      navigate(paths.settingSuccess, { replace: true });
    } catch (error) {
      showError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('changePassword')} fallback={paths.setting} />
      <CardForm
        name="changePassword"
        form={form}
        onFinish={submit}
        submitText={t('submit', { ns: 'common' })}
        submitting={submitting}
      >
        {/* A hidden username lets password managers update the right entry. */}
        <input type="text" name="username" autoComplete="username" value={account} readOnly hidden />
        <PasswordItem
          name="oldPassword"
          label={t('oldPassword')}
          placeholder={t('oldPasswordPlaceholder')}
          autoComplete="current-password"
          enterKeyHint="next"
          rules={[checkRule((value) => (value ? null : t('REQUIRED_PASSWORD', { ns: 'errors' })))]}
        />
        <PasswordItem
          name="password"
          label={t('newPassword')}
          placeholder={t('newPasswordPlaceholder')}
          autoComplete="new-password"
          enterKeyHint="next"
          dependencies={['oldPassword']}
          rules={[
            checkRule((value) => {
              const format = fieldError(fields.plainPassword, value || undefined, t);
              if (format) return format;
              return value === form.getFieldValue('oldPassword') ? t('PASSWORD_SAME', { ns: 'errors' }) : null;
            }),
          ]}
        />
        <ConfirmPasswordItem form={form} label={t('confirmPassword')} placeholder={t('confirmPasswordPlaceholder')} />
      </CardForm>
    </div>
  );
}
