import { fields } from '@jinb/contract';
import { Form } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { CardForm } from '../../../shared/forms/CardForm';
import { checkRule, fieldError } from '../../../shared/forms/form-rules';
import { ConfirmPasswordItem, PasswordItem } from '../../../shared/forms/PasswordItem';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { showError } from '../../../shared/ui/feedback';
import { PageHeader } from '../../../shared/ui/PageHeader';
import '../account.locale';
import { useUpdatePassword } from '../account.api';
import styles from '../account.module.css';
import type { SettingSuccessState } from './SettingSuccessPage';
import '../../../shared/forms/forms.locale';

type PasswordValues = { oldPassword: string; password: string; confirm: string };

export default function SettingPasswordPage() {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<PasswordValues>();
  const navigate = useNavigate();
  const change = useUpdatePassword();
  const account = useCurrentUser().user?.account ?? '';

  // Every other session ends on the server; this one goes on with the token the answer carries.
  const submit = (values: PasswordValues) =>
    change.mutate(
      { oldPassword: values.oldPassword, password: values.password },
      {
        onSuccess: () =>
          navigate(paths.settingSuccess, {
            replace: true,
            state: { passwordChanged: true } satisfies SettingSuccessState,
          }),
        onError: showError,
      },
    );

  return (
    <div className={styles.page}>
      <PageHeader title={t('changePassword')} fallback={paths.setting} />
      <CardForm
        name="changePassword"
        form={form}
        onFinish={submit}
        submitText={t('submit', { ns: 'common' })}
        submitting={change.isPending}
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
