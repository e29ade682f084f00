import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import type { Body } from '@jinb/contract/endpoints';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ConsoleApiError, call } from '../../shared/api/call';
import { operatorToken, takeSignInNotice, useOperatorToken } from '../../shared/session/session';
import { fetchCaptcha } from './captcha';
import { authMessages } from './messages';

type Fields = { account: string; password: string; code: string; otp?: string };

/** Where to go after signing in: where the operator was sent from, if it was a console page. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login') ? from : '/';
}

/**
 * The operator's sign-in: account, password and the captcha; the second factor's field appears when the server
 * answers OTP_REQUIRED (what was typed stays). Every answer spends the captcha, so a refusal shows the server's
 * message and a new image.
 */
export function SignInPage() {
  const [form] = Form.useForm<Fields>();
  const token = useOperatorToken();
  const location = useLocation();
  const navigate = useNavigate();
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const [error, setError] = useState('');
  const [notice] = useState(takeSignInNotice);
  const [needsOtp, setNeedsOtp] = useState(false);
  const [busy, setBusy] = useState(false);
  const current = useRef<string | null>(null);

  const refreshCaptcha = useCallback(async () => {
    try {
      const url = await fetchCaptcha();
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = url;
      setCaptcha(url);
      setCaptchaFailed(false);
    } catch {
      setCaptchaFailed(true);
    }
  }, []);

  useEffect(() => {
    void refreshCaptcha();
    return () => {
      if (current.current) URL.revokeObjectURL(current.current);
    };
  }, [refreshCaptcha]);

  if (token) return <Navigate to={returnPath(location.state)} replace />;

  const submit = async (fields: Fields) => {
    setBusy(true);
    setError('');
    try {
      const body = {
        account: fields.account,
        password: fields.password,
        code: fields.code,
        ...(needsOtp && fields.otp ? { otp: fields.otp } : {}),
      } as Body<'adminLogin'>;
      const session = await call('adminLogin', { body });
      operatorToken.set(session.token);
      navigate(returnPath(location.state), { replace: true });
    } catch (failure) {
      const code = failure instanceof ConsoleApiError ? failure.code : '';
      if (code === 'OTP_REQUIRED') setNeedsOtp(true);
      setError(failure instanceof Error ? failure.message : String(failure));
      form.setFieldValue('code', '');
      void refreshCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        padding: 24,
        background: 'linear-gradient(160deg, #fff7e6 0%, #f0f2f5 45%, #e6eaf0 100%)',
      }}
    >
      <Card style={{ width: 400, maxWidth: '100%', boxShadow: '0 8px 32px rgba(31, 35, 41, 0.08)' }}>
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <span className="console-logo" aria-hidden="true" style={{ width: 44, height: 44 }} />
          <Typography.Title level={3} style={{ margin: '12px 0 4px' }}>
            {authMessages.title}
          </Typography.Title>
          <Typography.Text type="secondary">{authMessages.subtitle}</Typography.Text>
        </div>
        {notice && !error ? <Alert type="info" showIcon message={notice} style={{ marginBottom: 16 }} /> : null}
        {error ? <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 16 }} /> : null}
        <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={submit} disabled={busy}>
          <Form.Item
            name="account"
            label={authMessages.account}
            rules={[{ required: true, whitespace: true, message: authMessages.accountRequired }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus maxLength={64} />
          </Form.Item>
          <Form.Item
            name="password"
            label={authMessages.password}
            rules={[{ required: true, message: authMessages.passwordRequired }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={128} />
          </Form.Item>
          <Form.Item label={authMessages.captcha} required htmlFor="code">
            <div style={{ display: 'flex', gap: 8 }}>
              <Form.Item
                name="code"
                noStyle
                rules={[{ required: true, whitespace: true, message: authMessages.captchaRequired }]}
              >
                <Input id="code" autoComplete="off" maxLength={8} style={{ flex: 1 }} />
              </Form.Item>
              <button
                type="button"
                onClick={() => void refreshCaptcha()}
                title={authMessages.captchaImage}
                aria-label={authMessages.captchaImage}
                style={{
                  width: 110,
                  height: 40,
                  padding: 0,
                  border: '1px solid #d9d9d9',
                  borderRadius: 6,
                  background: '#fafafa',
                  cursor: 'pointer',
                  overflow: 'hidden',
                  fontSize: 12,
                  color: '#8c8c8c',
                }}
              >
                {captcha && !captchaFailed ? (
                  <img src={captcha} alt={authMessages.captcha} width={109} height={40} style={{ display: 'block' }} />
                ) : captchaFailed ? (
                  authMessages.captchaFailed
                ) : null}
              </button>
            </div>
          </Form.Item>
          {needsOtp ? (
            <Form.Item
              name="otp"
              label={authMessages.otp}
              extra={authMessages.otpHint}
              rules={[{ required: true, pattern: /^\d{6}$/, message: authMessages.otpRequired }]}
            >
              <Input
                prefix={<SafetyOutlined />}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                autoFocus
              />
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {authMessages.submit}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
