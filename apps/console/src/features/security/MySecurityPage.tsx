import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, QRCode, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useOperator } from '../../shared/access/access';
import { ConsoleApiError, call } from '../../shared/api/call';
import { antdApi } from '../../shared/ui/antd-app';
import { Page } from '../../shared/ui/Page';
import { SessionsTable } from '../../shared/ui/SessionsTable';
import { securityMessages as t } from './messages';

const CODE_RULES = [{ required: true, pattern: /^\d{6}$/, message: t.otp.codeHint }];

/**
 * 我的安全: enrol a second factor (a QR code of the otpauth URI and the secret as text, confirmed with a code; the ten
 * recovery codes shown once with a copy button), remove it, and my live sessions with 结束 on each but this one.
 */
export default function MySecurityPage() {
  return (
    <Page>
      <Flex vertical gap={16}>
        <SecondFactorCard />
        <SessionsCard />
      </Flex>
    </Page>
  );
}

function SecondFactorCard() {
  const operator = useOperator();
  const client = useQueryClient();
  const [enrolled, setEnrolled] = useState(operator.otp.enrolled);
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [form] = Form.useForm<{ code: string }>();
  const showError = (error: unknown) =>
    void antdApi().message.error(error instanceof ConsoleApiError ? error.message : String(error));

  const start = useMutation({
    mutationFn: () => call('adminMyOtpStart'),
    onSuccess: setEnrolment,
    onError: showError,
  });
  const confirm = useMutation({
    mutationFn: (code: string) => call('adminMyOtpConfirm', { body: { code } }),
    onSuccess: (result) => {
      setRecoveryCodes(result.recoveryCodes);
      setEnrolment(null);
      setEnrolled(true);
      void antdApi().message.success(t.otp.enrolledDone);
    },
    onError: showError,
  });
  const finish = () => {
    setRecoveryCodes(null);
    // The console asks adminMe again: an operator who had to enrol may now use the rest of it.
    void client.invalidateQueries();
    location.reload();
  };

  return (
    <Card
      title={t.otp.title}
      extra={enrolled ? <Tag color="green">{t.otp.enrolled}</Tag> : <Tag>{t.otp.notEnrolled}</Tag>}
    >
      <Flex vertical gap={16}>
        {!enrolled && operator.otp.required ? <Alert type="warning" showIcon message={t.otp.required} /> : null}
        {!enrolled && !operator.otp.required ? (
          <Typography.Text type="secondary">{t.otp.optional}</Typography.Text>
        ) : null}

        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onSaved={finish} />
        ) : enrolled ? (
          operator.otp.required ? null : (
            <DisableSecondFactor onDone={() => setEnrolled(false)} />
          )
        ) : enrolment ? (
          <Flex gap={32} align="flex-start" wrap>
            <Space direction="vertical" align="center">
              <QRCode value={enrolment.uri} size={188} bordered />
            </Space>
            <Flex vertical gap={12} style={{ maxWidth: 480 }}>
              <Typography.Text>{t.otp.step1}</Typography.Text>
              <div>
                <Typography.Text type="secondary">{t.otp.secretLabel}</Typography.Text>
                <Typography.Text code copyable data-testid="otp-secret">
                  {enrolment.secret}
                </Typography.Text>
              </div>
              <Typography.Text>{t.otp.step2}</Typography.Text>
              <Form form={form} name="otpConfirm" layout="inline" onFinish={(values) => confirm.mutate(values.code)}>
                <Form.Item name="code" label={t.otp.code} rules={CODE_RULES}>
                  <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" style={{ width: 140 }} />
                </Form.Item>
                <Form.Item>
                  <Button type="primary" htmlType="submit" loading={confirm.isPending}>
                    {t.otp.confirm}
                  </Button>
                </Form.Item>
              </Form>
            </Flex>
          </Flex>
        ) : (
          <div>
            <Button type="primary" loading={start.isPending} onClick={() => start.mutate()}>
              {t.otp.start}
            </Button>
          </div>
        )}
      </Flex>
    </Card>
  );
}

function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const text = codes.join('\n');
  return (
    <Alert
      type="success"
      showIcon
      message={t.otp.recoveryTitle}
      description={
        <Flex vertical gap={12}>
          <Typography.Text>{t.otp.recoveryHint}</Typography.Text>
          <pre data-testid="recovery-codes" style={{ columns: 2, margin: 0, fontSize: 15 }}>
            {text}
          </pre>
          <Space>
            <Typography.Text copyable={{ text, tooltips: [t.otp.copy, t.otp.copied] }}>{t.otp.copy}</Typography.Text>
            <Button type="primary" onClick={onSaved}>
              {t.otp.saved}
            </Button>
          </Space>
        </Flex>
      }
    />
  );
}

function DisableSecondFactor({ onDone }: { onDone: () => void }) {
  return (
    <ModalForm<{ code: string }>
      name="otpDisable"
      title={t.otp.disableTitle}
      width={400}
      modalProps={{ destroyOnHidden: true }}
      trigger={
        <div>
          <Button danger>{t.otp.disable}</Button>
        </div>
      }
      onFinish={async (values) => {
        try {
          await call('adminMyOtpDisable', { body: values });
          void antdApi().message.success(t.otp.disabledDone);
          onDone();
          return true;
        } catch (error) {
          void antdApi().message.error(error instanceof ConsoleApiError ? error.message : String(error));
          return false;
        }
      }}
    >
      <Typography.Paragraph type="secondary">{t.otp.disableHint}</Typography.Paragraph>
      <ProFormText name="code" label={t.otp.code} rules={CODE_RULES} fieldProps={{ maxLength: 6 }} />
    </ModalForm>
  );
}

function SessionsCard() {
  const operator = useOperator();
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: ['adminMySessions'], queryFn: () => call('adminMySessions') });
  return (
    <Card
      title={t.sessions.title}
      extra={<Typography.Text type="secondary">{t.sessions.idle(operator.idleMinutes)}</Typography.Text>}
    >
      <SessionsTable
        rows={sessions.data?.rows ?? []}
        loading={sessions.isLoading}
        endTitle={t.sessions.endTitle}
        end={(row) => call('adminMySessionRevoke', { params: { id: row.id } })}
        ended={t.sessions.ended}
        onEnded={() => void client.invalidateQueries({ queryKey: ['adminMySessions'] })}
      />
    </Card>
  );
}
