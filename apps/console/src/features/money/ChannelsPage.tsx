import {
  type ActionType,
  ModalForm,
  type ProColumns,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { DEPOSIT_KINDS, depositChannelBody } from '@jinb/contract';
import type { Result } from '@jinb/contract/endpoints';
import { Button, Form, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { Can } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { tableRequest } from '../../shared/api/table';
import { submitChecked } from '../../shared/form/zod-form';
import { ConsoleTable } from '../../shared/table/ConsoleTable';
import { ActionLinks } from '../../shared/ui/ActionLinks';
import { antdApi } from '../../shared/ui/antd-app';
import { MoneyText } from '../../shared/ui/MoneyText';
import { Page } from '../../shared/ui/Page';
import { moneyMessages as t } from './messages';

type Channel = Result<'adminDepositChannels'>['rows'][number];
type Values = Omit<Channel, 'payee' | 'min' | 'max'> & { payee: string; min: number | string; max: number | string };

/** `开户行=中国工商银行` lines <-> the payee record. */
function payeeText(payee: Record<string, string>): string {
  return Object.entries(payee)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}
function payeeRecord(text: string): Record<string, string> {
  const record: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) record[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return record;
}

function ChannelForm({ channel, onSaved }: { channel?: Channel; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  return (
    <ModalForm<Values>
      title={channel ? `${t.channels.editTitle} ${channel.name}` : t.channels.newTitle}
      form={form}
      width={560}
      trigger={
        channel ? (
          <Typography.Link>{t.channels.edit}</Typography.Link>
        ) : (
          <Button type="primary">{t.channels.new}</Button>
        )
      }
      modalProps={{ destroyOnHidden: true }}
      initialValues={
        channel
          ? { ...channel, payee: payeeText(channel.payee) }
          : { kind: 'bank', sort: 0, active: true, tips: '', payee: '' }
      }
      onFinish={(values) =>
        submitChecked(
          form,
          depositChannelBody,
          {
            ...values,
            min: String(values.min ?? ''),
            max: String(values.max ?? ''),
            payee: payeeRecord(values.payee ?? ''),
          },
          async (body) => {
            await call('adminSaveDepositChannel', { body: depositChannelBody.parse(body) });
            void antdApi().message.success(t.channels.saved);
            onSaved();
          },
        )
      }
    >
      <ProFormText
        name="id"
        label={t.channels.channelId}
        tooltip={t.channels.channelIdHint}
        disabled={Boolean(channel)}
      />
      <ProFormSelect
        name="kind"
        label={t.channels.kind}
        options={DEPOSIT_KINDS.map((kind) => ({ value: kind, label: t.channels.kinds[kind] }))}
      />
      <ProFormText name="name" label={t.channels.name} fieldProps={{ maxLength: 40 }} />
      <ProFormDigit name="min" label={t.channels.min} min={0.01} fieldProps={{ precision: 2 }} />
      <ProFormDigit name="max" label={t.channels.max} min={0.01} fieldProps={{ precision: 2 }} />
      <ProFormTextArea name="payee" label={t.channels.payee} tooltip={t.channels.payeeHint} fieldProps={{ rows: 4 }} />
      <ProFormTextArea name="tips" label={t.channels.tips} fieldProps={{ maxLength: 500, rows: 2 }} />
      <ProFormDigit name="sort" label={t.channels.sort} fieldProps={{ precision: 0 }} />
      <ProFormSwitch name="active" label={t.channels.active} />
    </ModalForm>
  );
}

/** One request function for the page's life, paged and filtered on the server. */
const loadChannels = tableRequest('adminDepositChannels');

/** 充值渠道: the deposit channels members choose from, their limits and payee details; add, edit, switch off. */
export default function ChannelsPage() {
  const table = useRef<ActionType>(undefined);
  const reload = () => void table.current?.reload();
  const columns: ProColumns<Channel>[] = [
    { title: t.channels.channelId, dataIndex: 'id', search: false },
    {
      title: t.channels.kind,
      dataIndex: 'kind',
      valueType: 'select',
      valueEnum: Object.fromEntries(DEPOSIT_KINDS.map((kind) => [kind, { text: t.channels.kinds[kind] }])),
      render: (_, row) => t.channels.kinds[row.kind],
    },
    { title: t.channels.name, dataIndex: 'name', fieldProps: { placeholder: t.channels.nameHint } },
    {
      title: t.channels.min,
      dataIndex: 'min',
      search: false,
      sorter: true,
      align: 'right',
      render: (_, row) => <MoneyText value={row.min} />,
    },
    {
      title: t.channels.max,
      dataIndex: 'max',
      search: false,
      sorter: true,
      align: 'right',
      render: (_, row) => <MoneyText value={row.max} />,
    },
    {
      title: t.channels.payee,
      dataIndex: 'payee',
      search: false,
      render: (_, row) => <span style={{ whiteSpace: 'pre-line' }}>{payeeText(row.payee) || '-'}</span>,
    },
    { title: t.channels.sort, dataIndex: 'sort', search: false, sorter: true, align: 'right' },
    {
      title: t.channels.active,
      dataIndex: 'active',
      valueType: 'select',
      valueEnum: { true: { text: t.channels.on }, false: { text: t.channels.off } },
      render: (_, row) => (row.active ? <Tag color="green">{t.channels.on}</Tag> : <Tag>{t.channels.off}</Tag>),
    },
    {
      title: t.common.actions,
      valueType: 'option',
      render: (_, row) => (
        <ActionLinks
          actions={[
            {
              key: 'edit',
              call: 'adminSaveDepositChannel',
              element: <ChannelForm channel={row} onSaved={reload} />,
            },
          ]}
        />
      ),
    },
  ];
  return (
    <Page
      extra={
        <Can call="adminSaveDepositChannel">
          <ChannelForm onSaved={reload} />
        </Can>
      }
    >
      <ConsoleTable<Channel>
        rowKey="id"
        actionRef={table}
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        options={{ density: false, setting: true, reload: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        request={loadChannels}
      />
    </Page>
  );
}
