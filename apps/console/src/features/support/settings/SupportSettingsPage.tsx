import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CannedReply, SupportSettings } from '@jinb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Row,
  Skeleton,
  Space,
  Switch,
  TimePicker,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { Can, useCan } from '../../../shared/access/access';
import { ConsoleApiError, call } from '../../../shared/api/call';
import { antdApi } from '../../../shared/ui/antd-app';
import { Page } from '../../../shared/ui/Page';
import { supportMessages } from '../messages';
import { cannedQuery, supportKeys, supportSettingsQuery } from '../support.queries';

const t = supportMessages.settings;

const errorText = (error: unknown) => (error instanceof ConsoleApiError ? error.message : String(error));

function CannedEditor({ replies }: { replies: CannedReply[] }) {
  const client = useQueryClient();
  const [form] = Form.useForm<{ replies: Array<{ title: string; text: string }> }>();
  const can = useCan();
  useEffect(() => {
    form.setFieldsValue({ replies: replies.map(({ title, text }) => ({ title, text })) });
  }, [form, replies]);
  const save = useMutation({
    mutationFn: (values: { replies: Array<{ title: string; text: string }> }) =>
      call('adminSupportCannedSave', { body: { replies: values.replies ?? [] } }),
    onSuccess: (saved) => {
      client.setQueryData(supportKeys.canned(), saved);
      antdApi().message.success(t.savedCanned(saved.length));
    },
    onError: (error) => antdApi().message.error(errorText(error)),
  });
  const editable = can('adminSupportCannedSave');
  return (
    <Card title={t.canned}>
      <Typography.Paragraph type="secondary">{t.cannedHint}</Typography.Paragraph>
      <Form form={form} layout="vertical" disabled={!editable} onFinish={(values) => save.mutate(values)}>
        <Form.List name="replies">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <div key={field.key} style={{ display: 'flex', gap: 8, alignItems: 'flex-start', marginBottom: 4 }}>
                  <Form.Item
                    name={[field.name, 'title']}
                    label={index === 0 ? t.cannedTitle : undefined}
                    rules={[{ required: true, whitespace: true, max: 30 }]}
                    style={{ width: 180 }}
                  >
                    <Input aria-label={`${t.cannedTitle} ${index + 1}`} maxLength={30} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'text']}
                    label={index === 0 ? t.cannedText : undefined}
                    rules={[{ required: true, whitespace: true, max: 1000 }]}
                    style={{ flex: 1, minWidth: 0 }}
                  >
                    <Input.TextArea
                      aria-label={`${t.cannedText} ${index + 1}`}
                      autoSize={{ minRows: 1, maxRows: 4 }}
                      maxLength={1000}
                    />
                  </Form.Item>
                  <Button
                    aria-label={t.remove(index + 1)}
                    icon={<DeleteOutlined />}
                    style={{ marginTop: index === 0 ? 30 : 0 }}
                    onClick={() => remove(field.name)}
                  />
                </div>
              ))}
              <Space>
                <Button icon={<PlusOutlined />} onClick={() => add({ title: '', text: '' })}>
                  {t.addCanned}
                </Button>
                <Can call="adminSupportCannedSave">
                  <Button type="primary" htmlType="submit" loading={save.isPending}>
                    {t.saveCanned}
                  </Button>
                </Can>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}

type HoursForm = { desk: boolean; hours: [Dayjs, Dayjs] };
const clock = (text: string) => dayjs(`2000-01-01T${text}:00`);

function HoursEditor({ settings }: { settings: SupportSettings }) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (values: HoursForm) =>
      call('adminSupportSettingsSave', {
        body: {
          desk: values.desk,
          hours: { open: values.hours[0].format('HH:mm'), close: values.hours[1].format('HH:mm') },
        },
      }),
    onSuccess: (saved) => {
      client.setQueryData(supportKeys.settings(), saved);
      antdApi().message.success(t.savedHours);
    },
    onError: (error) => antdApi().message.error(errorText(error)),
  });
  const readOnly = (
    <>
      <Alert type="info" showIcon message={t.readOnly} style={{ marginBottom: 16 }} />
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t.desk}>{settings.desk ? t.on : t.off}</Descriptions.Item>
        <Descriptions.Item label={t.hours}>
          {settings.hours.open} - {settings.hours.close}
        </Descriptions.Item>
      </Descriptions>
    </>
  );
  return (
    <Card title={t.hours}>
      <Typography.Paragraph type="secondary">{t.hoursHint(settings.timeZone)}</Typography.Paragraph>
      <Can call="adminSupportSettingsSave" fallback={readOnly}>
        <Form<HoursForm>
          layout="vertical"
          initialValues={{ desk: settings.desk, hours: [clock(settings.hours.open), clock(settings.hours.close)] }}
          onFinish={(values) => save.mutate(values)}
        >
          <Form.Item name="desk" label={t.desk} valuePropName="checked" extra={t.deskHint}>
            <Switch aria-label={t.desk} />
          </Form.Item>
          <Form.Item name="hours" label={`${t.open} - ${t.close}`} rules={[{ required: true }]}>
            <TimePicker.RangePicker format="HH:mm" order={false} minuteStep={5} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t.saveHours}
          </Button>
        </Form>
      </Can>
    </Card>
  );
}

/** 快捷回复与服务时间: the canned replies the chat seat offers, and the desk's switch and hours (admins change them). */
export default function SupportSettingsPage() {
  const canned = useQuery(cannedQuery);
  const settings = useQuery(supportSettingsQuery);
  return (
    <Page title={supportMessages.titles.settings}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          {canned.data ? <CannedEditor replies={canned.data} /> : <Skeleton active />}
        </Col>
        <Col xs={24} xl={8}>
          {settings.data ? <HoursEditor settings={settings.data} /> : <Skeleton active />}
        </Col>
      </Row>
    </Page>
  );
}
