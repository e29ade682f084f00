import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { reasonBody } from '@jinb/contract';
import { Button, Form } from 'antd';
import { submitChecked } from '../../shared/form/zod-form';
import { antdApi } from '../../shared/ui/antd-app';
import { tradingMessages as t } from './messages';

/**
 * A danger button that asks for a reason before a call that cannot be taken back (cancel an event, void a market):
 * the reason checked by the call's body schema, the server's refusal shown and the form kept open.
 */
export function ReasonForm({
  label,
  title,
  send,
  done,
  onDone,
  link = false,
}: {
  label: string;
  title: string;
  send: (reason: string) => Promise<unknown>;
  done: string;
  onDone: () => void;
  link?: boolean;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <ModalForm<{ reason: string }>
      title={title}
      form={form}
      width={480}
      trigger={
        <Button danger size={link ? 'small' : 'middle'} type={link ? 'link' : 'default'}>
          {label}
        </Button>
      }
      modalProps={{ destroyOnHidden: true, okButtonProps: { danger: true } }}
      onFinish={(values) =>
        submitChecked(form, reasonBody, { reason: values.reason ?? '' }, async (body) => {
          await send(body.reason);
          void antdApi().message.success(done);
          onDone();
        })
      }
    >
      <ProFormTextArea
        name="reason"
        label={t.event.reason}
        placeholder={t.event.reasonPlaceholder}
        fieldProps={{ maxLength: 200, showCount: true, rows: 3 }}
      />
    </ModalForm>
  );
}
