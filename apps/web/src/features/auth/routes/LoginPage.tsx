import { fields } from '@jinb/contract';
import { Form } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { CaptchaItem } from '../../../shared/forms/CaptchaItem';
import { CardForm } from '../../../shared/forms/CardForm';
import { checkRule, schemaRule } from '../../../shared/forms/form-rules';
import { PasswordItem } from '../../../shared/forms/PasswordItem';
import { useCaptcha } from '../../../shared/forms/use-captcha';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { PageHeader } from '../../../shared/ui/PageHeader';
import '../auth.locale';
import { useLogin } from '../auth.api';
import styles from '../auth.module.css';
import { AccountItem } from '../components/AccountItem';
import { AuthHero } from '../components/AuthHero';
import { redirectTarget } from '../sign-in';
import { useSignInOutcome } from '../use-sign-in-outcome';
import '../../../shared/forms/forms.locale';

type LoginValues = { account: string; password: string; code: string };

// Only a member in a time-out or self-exclusion ever sees it: it stays out of the login page's first load.
const ExclusionRefusalDialog = lazy(() => import('../components/ExclusionRefusalDialog'));

/** The refusals that answer a right password with "not now": the member meets a dialog, not a passing toast. */
function exclusionRefusal(error: unknown): ApiError | null {
  return error instanceof ApiError && (error.code === 'SELF_EXCLUDED' || error.code === 'TIMED_OUT') ? error : null;
}

export default function LoginPage() {
  const [search] = useSearchParams();
  // Checked once on arrival: signing in on this page sets the token too, and navigates by itself.
  const [alreadySignedIn] = useState(() => useSession.getState().token !== '');
  if (alreadySignedIn) return <Navigate to={redirectTarget(search)} replace />;
  return <LoginForm />;
}

function LoginForm() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<LoginValues>();
  const captcha = useCaptcha();
  const [search] = useSearchParams();
  const signIn = useLogin();
  const outcome = useSignInOutcome(form, captcha, t('loginSuccess'));
  const [refusal, setRefusal] = useState<ApiError | null>(null);

  const submit = (values: LoginValues) =>
    signIn.mutate(
      { account: values.account.trim(), password: values.password, code: values.code.trim() },
      {
        onSuccess: outcome.onSuccess,
        onError: (error) => {
          const refused = exclusionRefusal(error);
          if (!refused) return outcome.onError(error);
          setRefusal(refused);
          // The captcha's answer is spent whatever the server said.
          form.setFieldValue('code', '');
          captcha.refresh();
        },
      },
    );

  return (
    <div className={styles.page}>
      <PageHeader title={t('login')} fallback={paths.home} />
      <AuthHero title={t('welcome')} hint={t('welcomeHint')} />
      <CardForm name="login" form={form} onFinish={submit} submitText={t('submitLogin')} submitting={signIn.isPending}>
        <AccountItem placeholder={t('accountPlaceholder')} />
        <PasswordItem
          name="password"
          label={t('password')}
          placeholder={t('passwordPlaceholder')}
          autoComplete="current-password"
          enterKeyHint="next"
          rules={[checkRule((value) => (value ? null : t('REQUIRED_PASSWORD', { ns: 'errors' })))]}
        />
        <CaptchaItem captcha={captcha} rules={[schemaRule(fields.captcha, t)]} enterKeyHint="go" />
      </CardForm>
      <div className={styles.links}>
        <Link to={paths.forgetPassword}>{t('forgetPassword')}</Link>
        <span>
          {t('noAccount')}
          <Link to={`${paths.register}${search.toString() ? `?${search}` : ''}`}>{t('goRegister')}</Link>
        </span>
      </div>
      <Link to={paths.home} className={styles.secondary}>
        {t('browseFirst')}
      </Link>
      {refusal && (
        <Suspense fallback={null}>
          <ExclusionRefusalDialog error={refusal} onClose={() => setRefusal(null)} />
        </Suspense>
      )}
    </div>
  );
}
