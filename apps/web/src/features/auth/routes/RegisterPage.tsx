import { fields } from '@jinb/contract';
import { Checkbox, Form, Input } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CardForm } from '../../../shared/forms/CardForm';
import { checkRule, schemaRule } from '../../../shared/forms/form-rules';
import { PasswordItem } from '../../../shared/forms/PasswordItem';
import { PhoneCodeFields } from '../../../shared/forms/PhoneCodeFields';
import { pickedArea } from '../../../shared/forms/PhoneFields';
import { requestSmsCode } from '../../../shared/forms/sms';
import { useCaptcha } from '../../../shared/forms/use-captcha';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { readSession, SESSION_KEYS } from '../../../shared/session/storage';
import { PageHeader } from '../../../shared/ui/PageHeader';
import '../auth.locale';
import { useRegister } from '../auth.api';
import styles from '../auth.module.css';
import { AccountItem } from '../components/AccountItem';
import { AuthHero } from '../components/AuthHero';
import { useSignInOutcome } from '../use-sign-in-outcome';
import '../../../shared/forms/forms.locale';

type RegisterValues = {
  account: string;
  password: string;
  area: string[];
  phone: string;
  code: string;
  smsCode: string;
  i_code?: string;
  terms?: boolean;
};

/**
 * What was typed, kept in memory (never in storage) while the member reads a policy the terms link to in this tab,
 * so coming back finds the form as it was. The captcha's answer is not kept: a new picture comes with the page.
 */
let draft: Partial<RegisterValues> = {};

/** Forgets the kept form (tests start each from an empty one). */
export function forgetRegisterDraft(): void {
  draft = {};
}

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<RegisterValues>();
  const captcha = useCaptcha();
  const [search] = useSearchParams();
  const signUp = useRegister();
  const outcome = useSignInOutcome(form, captcha, t('registerSuccess'));
  // After an SMS is sent the captcha answer is gone; until a new one is typed the field says so.
  const [captchaSpent, setCaptchaSpent] = useState(false);
  const [initialInviteCode] = useState(() => search.get('i_code') || readSession(SESSION_KEYS.aid));

  const sendSms = async () => {
    const cooldown = await requestSmsCode(form, 'register', captcha, t('codeSentCaptchaAgain'));
    setCaptchaSpent(true);
    return cooldown;
  };

  const outcomeKeepingDraft = {
    ...outcome,
    onSuccess: () => {
      draft = {};
      outcome.onSuccess();
    },
  };

  const submit = (values: RegisterValues) =>
    signUp.mutate(
      {
        account: values.account.trim(),
        password: values.password,
        code: values.code.trim(),
        area: pickedArea(values.area),
        phone: values.phone.trim(),
        smsCode: values.smsCode.trim(),
        i_code: values.i_code?.trim() || undefined,
      },
      outcomeKeepingDraft,
    );

  return (
    <div className={styles.page}>
      <PageHeader title={t('register')} fallback={paths.home} />
      <AuthHero title={t('registerTitle')} hint={t('registerHint')} />
      <CardForm
        name="register"
        form={form}
        initialValues={{ i_code: initialInviteCode, terms: false, ...draft }}
        onValuesChange={(changed: Partial<RegisterValues>, all: RegisterValues) => {
          if (changed.code) setCaptchaSpent(false);
          const { code: _spent, ...kept } = all;
          draft = kept;
        }}
        onFinish={submit}
        submitText={t('submitRegister')}
        submitting={signUp.isPending}
      >
        <AccountItem placeholder={t('newAccountPlaceholder')} />
        <PasswordItem
          name="password"
          label={t('password')}
          placeholder={t('newPasswordPlaceholder')}
          autoComplete="new-password"
          enterKeyHint="next"
          rules={[schemaRule(fields.plainPassword, t)]}
        />
        <PhoneCodeFields
          form={form}
          captcha={captcha}
          onSend={sendSms}
          captchaRules={[schemaRule(fields.captcha, t)]}
          captchaDescription={captchaSpent ? <span className={styles.notice}>{t('captchaAgain')}</span> : undefined}
        />
        <Form.Item name="i_code" label={t('inviteCode')} rules={[schemaRule(fields.inviteCode, t)]}>
          <Input
            placeholder={t('inviteCodePlaceholder')}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            maxLength={32}
            enterKeyHint="done"
          />
        </Form.Item>
        <Form.Item
          name="terms"
          valuePropName="checked"
          rules={[checkRule((value) => (value === true ? null : t('TERMS_REQUIRED', { ns: 'errors' })))]}
        >
          <TermsCheckbox />
        </Form.Item>
      </CardForm>
      <div className={styles.links}>
        <span />
        <span>
          {t('haveAccount')}
          <Link to={`${paths.login}${search.toString() ? `?${search}` : ''}`}>{t('goLogin')}</Link>
        </span>
      </div>
    </div>
  );
}

/**
 * The 18+ statement's box, and after it the policies it names as links. The links sit outside the checkbox's label:
 * its invisible input covers the whole label (auth.module.css), so a link inside would fight it for taps; out here a
 * tap on a link opens the page and never ticks the box. Form.Item hands it `checked` and `onChange`.
 */
function TermsCheckbox({ checked, onChange }: { checked?: boolean; onChange?: (checked: boolean) => void }) {
  const { t } = useTranslation('auth');
  return (
    <div style={TERMS_ROW_STYLE}>
      <Checkbox
        className={styles.terms}
        style={{ '--icon-size': '18px', '--font-size': '13px', '--gap': '8px' }}
        checked={checked}
        onChange={onChange}
      >
        {t('terms.lead')}
      </Checkbox>
      <span style={TERMS_LINKS_STYLE}>
        <PolicyLink to={paths.terms}>{t('terms.terms')}</PolicyLink>
        {t('terms.sep')}
        <PolicyLink to={paths.privacy}>{t('terms.privacy')}</PolicyLink>
        {t('terms.and')}
        <PolicyLink to={paths.responsibleGambling}>{t('terms.responsible')}</PolicyLink>
      </span>
    </div>
  );
}

const TERMS_ROW_STYLE = { display: 'flex', flexWrap: 'wrap', alignItems: 'center' } as const;
/** Lined up under the statement's words, past the 18 px box and its 8 px gap. */
const TERMS_LINKS_STYLE = {
  paddingLeft: 26,
  fontSize: 13,
  lineHeight: '22px',
  color: 'var(--adm-color-text-secondary)',
} as const;

/** A finger-sized target (44 px tall) however short the name. */
const POLICY_LINK_STYLE = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  color: 'var(--adm-color-primary)',
  textDecoration: 'none',
} as const;

/** A policy the 18+ statement names, opened in this tab (the draft above keeps the form for the way back). */
function PolicyLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} style={POLICY_LINK_STYLE}>
      {children}
    </Link>
  );
}
