import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { reasonBody } from '@jinb/contract';
import { Button, Form, Typography } from 'antd';
import type { ReactElement } from 'react';
import type { z } from 'zod';
import { submitChecked } from '../form/zod-form';
import { antdApi } from './antd-app';
import { uiMessages } from './messages';

/**
 * How the opener looks where it stands: `link` in a row's action column beside other links, `small-button` among a
 * row's small buttons, `button` in a page's header.
 */
export type ReasonTrigger = 'link' | 'small-button' | 'button';

function opener(trigger: ReasonTrigger, label: string): ReactElement {
  if (trigger === 'link') return <Typography.Link type="danger">{label}</Typography.Link>;
  const small = trigger === 'small-button';
  return (
    <Button danger size={small ? 'small' : 'middle'} type={small ? 'link' : 'default'}>
      {label}
    </Button>
  );
}

/**
 * Asks for a reason before a call that cannot be taken back (refuse a withdrawal, reject a deposit, cancel an event,
 * void a market). The reason is checked by the call's own body schema (`reasonBody` where the reason may be empty,
 * `requiredReasonBody` where it must be given) before anything is sent; a refusal shows the server's message and
 * keeps the form open.
 */
export function ReasonAction({
  label,
  title,
  schema = reasonBody,
  send,
  done,
  onDone,
  trigger = 'link',
  placeholder = uiMessages.reasonPlaceholder,
}: {
  label: string;
  title: string;
  schema?: z.ZodType;
  send: (reason: string) => Promise<unknown>;
  done: string;
  onDone: () => void;
  trigger?: ReasonTrigger;
  /** Who will read the reason, where that is worth telling the operator. */
  placeholder?: string;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <ModalForm<{ reason: string }>
      title={title}
      form={form}
      width={480}
      trigger={opener(trigger, label)}
      modalProps={{ destroyOnHidden: true, okButtonProps: { danger: true } }}
      onFinish={(values) =>
        submitChecked(form, schema, { reason: values.reason ?? '' }, async (body) => {
          await send(body.reason);
          void antdApi().message.success(done);
          onDone();
        })
      }
    >
      <ProFormTextArea
        name="reason"
        label={uiMessages.reason}
        placeholder={placeholder}
        fieldProps={{ maxLength: 200, showCount: true, rows: 3 }}
      />
    </ModalForm>
  );
}
