import { type ActionType, ModalForm, type ProColumns, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { OPERATOR_ROLES, OPERATOR_STATUSES, type OperatorRole, type OperatorRow } from '@jinb/contract';
import { Button, Space, Tag, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { Can, useOperator } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { tableRequest } from '../../shared/api/table';
import { ConsoleTable } from '../../shared/table/ConsoleTable';
import { confirmAction } from '../../shared/ui/confirmAction';
import { Page } from '../../shared/ui/Page';
import { TimeText } from '../../shared/ui/TimeText';
import { operatorsMessages as t } from './messages';
import { SessionsDrawer } from './SessionsDrawer';
import { submitOrShow } from './submit';

const roleOptions = OPERATOR_ROLES.map((role) => ({ value: role, label: t.roles[role] }));

export function RoleTag({ role }: { role: OperatorRole }) {
  return <Tag color={t.roleColors[role]}>{t.roles[role]}</Tag>;
}

/**
 * 运营账号: every operator with their role, second factor and live sessions; an admin creates accounts, changes a
 * role, disables or enables one, resets a lost second factor and opens an operator's sessions to end them. An admin
 * cannot change or disable their own account (the server refuses it too).
 */
export default function OperatorsPage() {
  const table = useRef<ActionType>(undefined);
  const me = useOperator();
  const [sessionsOf, setSessionsOf] = useState<OperatorRow | null>(null);
  const reload = () => table.current?.reload();

  const columns: ProColumns<OperatorRow>[] = [
    {
      title: t.columns.account,
      dataIndex: 'account',
      sorter: true,
      render: (_, row) => (
        <Space size={4}>
          {row.account}
          {row.id === me.id ? <Tag>{t.self}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t.columns.role,
      dataIndex: 'role',
      sorter: true,
      valueType: 'select',
      fieldProps: { options: roleOptions },
      render: (_, row) => <RoleTag role={row.role} />,
    },
    {
      title: t.columns.status,
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(
        OPERATOR_STATUSES.map((status) => [
          status,
          { text: t.status[status], status: status === 'active' ? 'Success' : 'Default' },
        ]),
      ),
    },
    {
      title: t.columns.otp,
      dataIndex: 'otpEnrolled',
      search: false,
      render: (_, row) => (row.otpEnrolled ? <Tag color="green">{t.otp.on}</Tag> : <Tag>{t.otp.off}</Tag>),
    },
    { title: t.columns.sessions, dataIndex: 'sessions', search: false, align: 'right', width: 90 },
    {
      title: t.columns.lastSeenAt,
      dataIndex: 'lastSeenAt',
      search: false,
      sorter: true,
      render: (_, row) => (row.lastSeenAt ? <TimeText value={row.lastSeenAt} /> : '-'),
    },
    {
      title: t.columns.createdAt,
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      render: (_, row) => <TimeText value={row.createdAt} />,
    },
    {
      title: t.columns.actions,
      valueType: 'option',
      width: 300,
      render: (_, row) => {
        const self = row.id === me.id;
        return [
          <Can key="role" call="adminOperatorRole">
            <ModalForm<{ role: OperatorRole }>
              name={`operatorRole${row.id}`}
              title={t.actions.roleTitle(row.account)}
              width={400}
              initialValues={{ role: row.role }}
              modalProps={{ destroyOnHidden: true }}
              trigger={
                <Button type="link" size="small" disabled={self}>
                  {t.actions.role}
                </Button>
              }
              onFinish={(values) =>
                submitOrShow(
                  () => call('adminOperatorRole', { params: { id: row.id }, body: values }),
                  t.actions.roleDone,
                  reload,
                )
              }
            >
              <ProFormSelect name="role" label={t.columns.role} options={roleOptions} rules={[{ required: true }]} />
            </ModalForm>
          </Can>,
          <Can key="status" call="adminOperatorStatus">
            <Button
              type="link"
              size="small"
              danger={row.status === 'active'}
              disabled={self}
              onClick={() =>
                confirmAction({
                  title:
                    row.status === 'active' ? t.actions.disableTitle(row.account) : t.actions.enableTitle(row.account),
                  content: row.status === 'active' ? t.actions.disableContent : undefined,
                  danger: row.status === 'active',
                  action: () =>
                    call('adminOperatorStatus', {
                      params: { id: row.id },
                      body: { status: row.status === 'active' ? 'disabled' : 'active' },
                    }),
                  onDone: reload,
                })
              }
            >
              {row.status === 'active' ? t.actions.disable : t.actions.enable}
            </Button>
          </Can>,
          <Can key="otp" call="adminOperatorOtpReset">
            <Tooltip title={row.otpEnrolled ? undefined : t.otp.off}>
              <Button
                type="link"
                size="small"
                disabled={!row.otpEnrolled}
                onClick={() =>
                  confirmAction({
                    title: t.actions.resetOtpTitle(row.account),
                    content: t.actions.resetOtpContent,
                    danger: true,
                    action: () => call('adminOperatorOtpReset', { params: { id: row.id } }),
                    onDone: reload,
                  })
                }
              >
                {t.actions.resetOtp}
              </Button>
            </Tooltip>
          </Can>,
          <Can key="sessions" call="adminOperatorSessions">
            <Button type="link" size="small" onClick={() => setSessionsOf(row)}>
              {t.actions.sessions}
            </Button>
          </Can>,
        ];
      },
    },
  ];

  return (
    <Page>
      <ConsoleTable<OperatorRow>
        rowKey="id"
        actionRef={table}
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        options={{ density: false, setting: true, reload: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        request={tableRequest('adminOperators')}
        toolBarRender={() => [
          <Can key="create" call="adminOperatorCreate">
            <CreateOperator onDone={reload} />
          </Can>,
        ]}
      />
      <SessionsDrawer operator={sessionsOf} onClose={() => setSessionsOf(null)} onChanged={reload} />
    </Page>
  );
}

function CreateOperator({ onDone }: { onDone: () => void }) {
  return (
    <ModalForm<{ account: string; password: string; role: OperatorRole }>
      name="createOperator"
      title={t.create.title}
      width={460}
      modalProps={{ destroyOnHidden: true }}
      trigger={<Button type="primary">{t.create.button}</Button>}
      submitter={{ searchConfig: { submitText: t.create.ok } }}
      onFinish={(values) =>
        submitOrShow(() => call('adminOperatorCreate', { body: values }), t.create.done(values.account), onDone)
      }
    >
      <ProFormText
        name="account"
        label={t.create.account}
        extra={t.create.accountHint}
        rules={[{ required: true, pattern: /^[A-Za-z0-9_.-]{3,32}$/, message: t.create.accountHint }]}
      />
      <ProFormText.Password
        name="password"
        label={t.create.password}
        extra={t.create.passwordHint}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[{ required: true, min: 10, message: t.create.passwordHint }]}
      />
      <ProFormSelect name="role" label={t.create.role} options={roleOptions} rules={[{ required: true }]} />
    </ModalForm>
  );
}
