import {
  type ActionType,
  ModalForm,
  type ProColumns,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { type AdminMessageSendView, adminMessageSendBody } from '@jinb/contract';
import { Button, Form, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { Can } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { LocalizedFields } from '../../shared/form/LocalizedFields';
import { TextPreview } from '../../shared/form/previews';
import { submitChecked } from '../../shared/form/zod-form';
import { ConsoleTable } from '../../shared/table/ConsoleTable';
import { confirmAction } from '../../shared/ui/confirmAction';
import { Page } from '../../shared/ui/Page';
import { TimeText } from '../../shared/ui/TimeText';
import { contentMessages as t } from './messages';

type Audience = 'all' | 'level' | 'members';
type Values = {
  audience: Audience;
  level?: number;
  members?: string;
  title: string;
  content: string;
  i18n: Record<string, Record<string, string>>;
};

/** The form's audience as the call's `to`: `all`, `level:<n>` or `members:<id,id,...>`. */
function audienceOf(values: Values): string {
  if (values.audience === 'level') return `level:${values.level ?? ''}`;
  if (values.audience === 'members')
    return `members:${(values.members ?? '')
      .split(/[\s,，]+/)
      .filter(Boolean)
      .join(',')}`;
  return 'all';
}

function toText(to: string): string {
  if (to === 'all') return t.messages.audiences.all;
  if (to.startsWith('level:')) return `VIP${to.slice(6)}`;
  return `${t.messages.audiences.members}（${to.slice(8).split(',').length}）`;
}

function SendForm({ onSent }: { onSent: () => void }) {
  const [form] = Form.useForm<Values>();
  return (
    <ModalForm<Values>
      title={t.messages.sendTitle}
      form={form}
      width={1000}
      trigger={<Button type="primary">{t.messages.send}</Button>}
      initialValues={{ audience: 'all', i18n: {} }}
      modalProps={{ destroyOnHidden: true }}
      onFinish={(values) => {
        const body = { title: values.title, content: values.content, to: audienceOf(values), i18n: values.i18n };
        return submitChecked(form, adminMessageSendBody, body, async () => {
          await call('adminMessageSend', { body });
          onSent();
        });
      }}
    >
      <ProFormRadio.Group
        name="audience"
        label={t.messages.audience}
        options={(['all', 'level', 'members'] as const).map((value) => ({ value, label: t.messages.audiences[value] }))}
      />
      <ProFormDependency name={['audience']}>
        {({ audience }) =>
          audience === 'level' ? (
            <ProFormDigit
              name="level"
              label={t.messages.level}
              width="xs"
              min={0}
              max={100}
              fieldProps={{ precision: 0 }}
              rules={[{ required: true }]}
            />
          ) : audience === 'members' ? (
            <ProFormTextArea
              name="members"
              label={t.messages.members}
              fieldProps={{ rows: 2 }}
              rules={[{ required: true }]}
            />
          ) : null
        }
      </ProFormDependency>
      <LocalizedFields
        fields={[
          { name: 'title', label: t.common.title, required: true, max: 100 },
          { name: 'content', label: t.common.content, kind: 'textarea', rows: 6, required: true, max: 5000 },
        ]}
        preview={(texts) => <TextPreview title={texts.title} content={texts.content} />}
      />
    </ModalForm>
  );
}

/** 站内信: messages to every member, a VIP level or listed members, with how many received and read them. */
export default function MessagesPage() {
  const table = useRef<ActionType>(undefined);
  const reload = () => table.current?.reload();
  const columns: ProColumns<AdminMessageSendView>[] = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t.common.title, dataIndex: 'title', ellipsis: true },
    { title: t.messages.to, dataIndex: 'to', render: (_, row) => toText(row.to) },
    { title: t.messages.recipients, dataIndex: 'recipients', align: 'right' },
    { title: t.messages.reads, dataIndex: 'reads', align: 'right' },
    { title: t.messages.createdAt, dataIndex: 'createdAt', render: (_, row) => <TimeText value={row.createdAt} /> },
    {
      title: t.common.status,
      dataIndex: 'withdrawnAt',
      render: (_, row) =>
        row.withdrawnAt ? <Tag>{t.messages.withdrawn}</Tag> : <Tag color="green">{t.messages.sent}</Tag>,
    },
    {
      title: t.common.actions,
      valueType: 'option',
      render: (_, row) =>
        row.withdrawnAt ? null : (
          <Can call="adminMessageWithdraw">
            <Typography.Link
              type="danger"
              onClick={() =>
                confirmAction({
                  title: t.messages.withdraw,
                  content: t.messages.withdrawConfirm,
                  danger: true,
                  action: () => call('adminMessageWithdraw', { params: { id: row.id } }),
                  success: t.messages.withdrawn,
                  onDone: reload,
                })
              }
            >
              {t.messages.withdraw}
            </Typography.Link>
          </Can>
        ),
    },
  ];
  return (
    <Page
      extra={
        <Can call="adminMessageSend">
          <SendForm onSent={reload} />
        </Can>
      }
    >
      <ConsoleTable<AdminMessageSendView>
        rowKey="id"
        actionRef={table}
        columns={columns}
        search={false}
        options={{ density: false, setting: true, reload: true }}
        pagination={{ defaultPageSize: 20 }}
        request={async () => {
          const data = await call('adminMessages');
          return { data, total: data.length, success: true };
        }}
      />
    </Page>
  );
}
