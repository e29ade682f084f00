import { ModalForm, ProFormDateTimePicker, ProFormDigit, ProFormText } from '@ant-design/pro-components';
import { adminCodesBody } from '@jinb/contract';
import type { Result } from '@jinb/contract/endpoints';
import { Button, Form } from 'antd';
import dayjs from 'dayjs';
import { call } from '../../../shared/api/call';
import { submitChecked } from '../../../shared/form/zod-form';
import { rewardsMessages as t } from '../messages';

type Values = {
  name: string;
  amount: string;
  count: number;
  uses: number;
  expiresAt: string;
  multiple: string;
  minLevel: number;
};

/** 发放兑换码: a batch's amount, count, uses per code, expiry and turnover, checked by the contract's schema. */
export function IssueCodesForm({ onIssued }: { onIssued: (issued: Result<'adminCodes'>) => void }) {
  const [form] = Form.useForm<Values>();
  return (
    <ModalForm<Values>
      title={t.codes.issueTitle}
      form={form}
      width={560}
      trigger={<Button type="primary">{t.codes.issue}</Button>}
      modalProps={{ destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: t.codes.issueSubmit } }}
      initialValues={{
        count: 10,
        uses: 1,
        multiple: '1',
        minLevel: 0,
        expiresAt: dayjs().add(30, 'day').endOf('day').format('YYYY-MM-DD HH:mm:ss'),
      }}
      onFinish={(values) =>
        submitChecked(form, adminCodesBody, values, async (body) => {
          onIssued(await call('adminCodes', { body }));
        })
      }
    >
      <ProFormText name="name" label={t.codes.name} fieldProps={{ maxLength: 60 }} />
      <ProFormText
        name="amount"
        label={t.codes.amount}
        fieldProps={{ inputMode: 'decimal' }}
        rules={[{ required: true }]}
      />
      <ProFormDigit
        name="count"
        label={t.codes.count}
        min={1}
        max={1000}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true }]}
      />
      <ProFormDigit
        name="uses"
        label={t.codes.uses}
        min={1}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true }]}
      />
      <ProFormDateTimePicker name="expiresAt" label={t.codes.expiresAt} rules={[{ required: true }]} />
      <ProFormText
        name="multiple"
        label={t.common.multiple}
        tooltip={t.common.multipleHint}
        fieldProps={{ inputMode: 'decimal' }}
        rules={[{ required: true }]}
      />
      <ProFormDigit name="minLevel" label={t.common.minLevel} min={0} max={100} fieldProps={{ precision: 0 }} />
    </ModalForm>
  );
}
