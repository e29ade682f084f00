import { ProForm, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { type WalletSettings, walletSettings } from '@jinb/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Skeleton } from 'antd';
import { useCan } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { AmountField, CountField, SettingsSection } from '../../shared/form/settings-fields';
import { submitChecked } from '../../shared/form/zod-form';
import { antdApi } from '../../shared/ui/antd-app';
import { Page } from '../../shared/ui/Page';
import { moneyMessages as t } from './messages';

const settingsKey = ['money', 'walletSettings'] as const;

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
        submitter={readOnly ? false : { resetButtonProps: false, searchConfig: { submitText: t.settings.save } }}
        onFinish={(values) =>
          submitChecked(form, walletSettings, { ...settings.data, ...values }, async (body) => {
            const saved = await call('adminSaveWalletSettings', { body: walletSettings.parse(body) });
            queryClient.setQueryData(settingsKey, saved);
            void antdApi().message.success(t.settings.saved);
          })
        }
      >
        <SettingsSection title={t.settings.deposit}>
          <ProFormText
            name="flowMultiple"
            label={t.settings.flowMultiple}
            tooltip={t.settings.flowMultipleHint}
            fieldProps={{ style: { width: 200 } }}
          />
          <CountField name="depositExpiryMinutes" label={t.settings.depositExpiryMinutes} min={1} max={1440} />
          <CountField name="depositPendingMax" label={t.settings.depositPendingMax} min={1} max={20} />
          <CountField name="depositGraceHours" label={t.settings.depositGraceHours} min={0} max={168} />
          <AmountField name="usdtRate" label={t.settings.usdtRate} />
        </SettingsSection>
        <SettingsSection title={t.settings.withdraw}>
          <AmountField name="withdrawMin" label={t.settings.withdrawMin} />
          <AmountField name="withdrawMax" label={t.settings.withdrawMax} />
          <CountField name="withdrawDailyCount" label={t.settings.withdrawDailyCount} min={0} max={1000} />
          <AmountField name="withdrawDailyAmount" label={t.settings.withdrawDailyAmount} />
          <AmountField name="withdrawFeeRate" label={t.settings.withdrawFeeRate} unit={t.settings.percent} />
          <AmountField name="withdrawFeeFixed" label={t.settings.withdrawFeeFixed} />
          <ProFormSwitch name="withdrawPasswordEnabled" label={t.settings.withdrawPasswordEnabled} />
          <CountField name={['cardLimits', 'bank']} label={t.settings.cardBank} min={0} />
          <CountField name={['cardLimits', 'alipay']} label={t.settings.cardAlipay} min={0} />
          <CountField name={['cardLimits', 'usdt']} label={t.settings.cardUsdt} min={0} />
        </SettingsSection>
        <SettingsSection title={t.settings.adjust}>
          <AmountField name="adjustMax" label={t.settings.adjustMax} />
          <AmountField name="adjustApprovalAbove" label={t.settings.adjustApprovalAbove} />
        </SettingsSection>
      </ProForm>
    </Page>
  );
}
