import { ModalForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { adjustBody, adminRealNameBody, type MemberProfile, memberLockBody } from '@jinb/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Space } from 'antd';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Can } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { submitChecked } from '../../shared/form/zod-form';
import { antdApi } from '../../shared/ui/antd-app';
import { memberKeys } from './members.queries';
import { membersMessages as t } from './messages';

type Fields = Record<string, string>;

/**
 * One action's button and its form: the values are checked by the call's own body schema before anything is sent, a
 * refusal shows the server's message and keeps the form open; on success the member's picture is read again.
 */
function ActionForm({
  memberId,
  label,
  title,
  hint,
  danger,
  schema,
  fields,
  send,
}: {
  memberId: string;
  label: string;
  title: string;
  hint?: string;
  danger?: boolean;
  schema: z.ZodType;
  fields: ReactNode;
  send: (values: Fields) => Promise<string>;
}) {
  const [form] = Form.useForm<Fields>();
  const queryClient = useQueryClient();
  return (
    <ModalForm<Fields>
      title={title}
      form={form}
      width={480}
      trigger={<Button danger={danger}>{label}</Button>}
      modalProps={{ destroyOnHidden: true, okButtonProps: { danger } }}
      onFinish={(values) =>
        submitChecked(form, schema, values, async (checked) => {
          const done = await send(checked);
          void antdApi().message.success(done);
          await queryClient.invalidateQueries({ queryKey: memberKeys.detail(memberId) });
        })
      }
    >
      {hint ? <p>{hint}</p> : null}
      {fields}
    </ModalForm>
  );
}

const reasonField = (
  <ProFormTextArea
    name="reason"
    label={t.actions.reason}
    placeholder={t.actions.reasonPlaceholder}
    fieldProps={{ maxLength: 200, showCount: true, rows: 3 }}
  />
);

/** The member picture's actions, each shown only to a role that may make its call. */
export function MemberActions({ member }: { member: MemberProfile }) {
  const id = member.id;
  return (
    <Space wrap>
      <Can call="adminAdjust">
        <ActionForm
          memberId={id}
          label={t.actions.adjust}
          title={t.actions.adjustTitle}
          schema={adjustBody}
          fields={
            <>
              <ProFormText name="amount" label={t.actions.amount} placeholder="100.00" />
              {reasonField}
            </>
          }
          send={async (values) => {
            const result = await call('adminAdjust', {
              params: { id },
              body: { amount: values.amount ?? '', reason: values.reason ?? '' },
              idempotencyKey: crypto.randomUUID(),
            });
            return result.approval ? t.actions.adjustPending : t.actions.adjusted;
          }}
        />
      </Can>
      <Can call="adminMemberRealName">
        <ActionForm
          memberId={id}
          label={t.actions.realName}
          title={t.actions.realNameTitle}
          schema={adminRealNameBody}
          fields={
            <>
              <ProFormText name="realName" label={t.actions.realNameField} initialValue={member.realName} />
              {reasonField}
            </>
          }
          send={async (values) => {
            await call('adminMemberRealName', {
              params: { id },
              body: { realName: values.realName ?? '', reason: values.reason ?? '' },
            });
            return t.actions.realNameDone;
          }}
        />
      </Can>
      <Can call="adminMemberEndSessions">
        <ActionForm
          memberId={id}
          label={t.actions.endSessions}
          title={t.actions.endSessionsTitle}
          hint={t.actions.endSessionsHint}
          schema={memberLockBody}
          fields={reasonField}
          send={async (values) => {
            const result = await call('adminMemberEndSessions', {
              params: { id },
              body: { reason: values.reason ?? '' },
            });
            return t.actions.sessionsEnded(result.endedSessions);
          }}
        />
      </Can>
      {member.status === 'active' ? (
        <Can call="adminMemberLock">
          <ActionForm
            memberId={id}
            label={t.actions.lock}
            title={t.actions.lockTitle}
            hint={t.actions.lockHint}
            danger
            schema={memberLockBody}
            fields={reasonField}
            send={async (values) => {
              const result = await call('adminMemberLock', { params: { id }, body: { reason: values.reason ?? '' } });
              return t.actions.locked(result.endedSessions);
            }}
          />
        </Can>
      ) : (
        <Can call="adminMemberUnlock">
          <ActionForm
            memberId={id}
            label={t.actions.unlock}
            title={t.actions.unlockTitle}
            schema={memberLockBody}
            fields={reasonField}
            send={async (values) => {
              await call('adminMemberUnlock', { params: { id }, body: { reason: values.reason ?? '' } });
              return t.actions.unlocked;
            }}
          />
        </Can>
      )}
    </Space>
  );
}
