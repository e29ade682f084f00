import { ProCard, ProForm, ProFormDigit, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { type WalletSettings, walletSettings } from '@jinb/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Skeleton } from 'antd';
import { useCan } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { submitChecked } from '../../shared/form/zod-form';
import { antdApi } from '../../shared/ui/antd-app';
import { Page } from '../../shared/ui/Page';
import { moneyMessages as t } from './messages';

const settingsKey = ['money', 'walletSettings'] as const;

/** Amounts and rates stay text (scale-4 decimals), as the contract carries them. */
const money = { style: { width: 200 }, addonAfter: '元' } as const;

/** 钱包设置: the flow multiple, withdrawal limits and fees, deposit expiry, USDT rate, card limits, adjustment caps. */
export default function WalletSettingsPage() {
  const [form] = Form.useForm<WalletSettings>();
  const queryClient = useQueryClient();
  const can = useCan();
  const readOnly = !can('adminSaveWalletSettings');
  const settings = useQuery({ queryKey: settingsKey, queryFn: () => call('adminWalletSettings') });

  if (!settings.data)
    return (
      <Page>
        <Skeleton active />
      </Page>
    );

  return (
    <Page>
      <ProForm<WalletSettings>
        form={form}
        layout="horizontal"
        labelCol={{ span: 8 }}
        wrapperCol={{ span: 12 }}
        disabled={readOnly}
        initialValues={settings.data}
        submitter={readOnly ? false : { resetButtonProps: false, searchConfig: { submitText: '保存' } }}
        onFinish={(values) =>
          submitChecked(form, walletSettings, { ...settings.data, ...values }, async (body) => {
            const saved = await call('adminSaveWalletSettings', { body: walletSettings.parse(body) });
            queryClient.setQueryData(settingsKey, saved);
            void antdApi().message.success(t.settings.saved);
          })
        }
      >
        <ProCard title={t.settings.deposit} bordered style={{ marginBottom: 16 }}>
          <ProFormText
            name="flowMultiple"
            label={t.settings.flowMultiple}
            tooltip={t.settings.flowMultipleHint}
            fieldProps={{ style: { width: 200 } }}
          />
          <ProFormDigit
            name="depositExpiryMinutes"
            label={t.settings.depositExpiryMinutes}
            min={1}
            max={1440}
            fieldProps={{ precision: 0 }}
          />
          <ProFormDigit
            name="depositPendingMax"
            label={t.settings.depositPendingMax}
            min={1}
            max={20}
            fieldProps={{ precision: 0 }}
          />
          <ProFormDigit
            name="depositGraceHours"
            label={t.settings.depositGraceHours}
            min={0}
            max={168}
            fieldProps={{ precision: 0 }}
          />
          <ProFormText name="usdtRate" label={t.settings.usdtRate} fieldProps={money} />
        </ProCard>
        <ProCard title={t.settings.withdraw} bordered style={{ marginBottom: 16 }}>
          <ProFormText name="withdrawMin" label={t.settings.withdrawMin} fieldProps={money} />
          <ProFormText name="withdrawMax" label={t.settings.withdrawMax} fieldProps={money} />
          <ProFormDigit
            name="withdrawDailyCount"
            label={t.settings.withdrawDailyCount}
            min={0}
            max={1000}
            fieldProps={{ precision: 0 }}
          />
          <ProFormText name="withdrawDailyAmount" label={t.settings.withdrawDailyAmount} fieldProps={money} />
          <ProFormText
            name="withdrawFeeRate"
            label={t.settings.withdrawFeeRate}
            fieldProps={{ style: { width: 200 }, addonAfter: '%' }}
          />
          <ProFormText name="withdrawFeeFixed" label={t.settings.withdrawFeeFixed} fieldProps={money} />
          <ProFormSwitch name="withdrawPasswordEnabled" label={t.settings.withdrawPasswordEnabled} />
          <ProFormDigit
            name={['cardLimits', 'bank']}
            label={t.settings.cardBank}
            min={0}
            fieldProps={{ precision: 0 }}
          />
          <ProFormDigit
            name={['cardLimits', 'alipay']}
            label={t.settings.cardAlipay}
            min={0}
            fieldProps={{ precision: 0 }}
          />
          <ProFormDigit
            name={['cardLimits', 'usdt']}
            label={t.settings.cardUsdt}
            min={0}
            fieldProps={{ precision: 0 }}
          />
        </ProCard>
        <ProCard title={t.settings.adjust} bordered style={{ marginBottom: 16 }}>
          <ProFormText name="adjustMax" label={t.settings.adjustMax} fieldProps={money} />
          <ProFormText name="adjustApprovalAbove" label={t.settings.adjustApprovalAbove} fieldProps={money} />
        </ProCard>
      </ProForm>
    </Page>
  );
}
