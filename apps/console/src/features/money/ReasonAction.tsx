import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { Form, Typography } from 'antd';
import type { z } from 'zod';
import { submitChecked } from '../../shared/form/zod-form';
import { antdApi } from '../../shared/ui/antd-app';
import { moneyMessages as t } from './messages';

/**
 * A link that opens a form asking for a reason, then makes the call (refuse a withdrawal, reject a deposit or an
 * approval, return a payment). The reason is checked by the call's own body schema; a refusal shows the server's
 * message and keeps the form open.
 */
export function ReasonAction({
  label,
  title,
  schema,
  send,
  done,
  onDone,
}: {
  label: string;
  title: string;
  schema: z.ZodType;
  send: (reason: string) => Promise<unknown>;
  done: string;
  onDone: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <ModalForm<{ reason: string }>
      title={title}
      form={form}
      width={480}
      trigger={<Typography.Link type="danger">{label}</Typography.Link>}
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
        label={t.common.reason}
        placeholder={t.common.reasonPlaceholder}
        fieldProps={{ maxLength: 200, showCount: true, rows: 3 }}
      />
    </ModalForm>
  );
}
