import {
  ProCard,
  ProForm,
  ProFormDigit,
  ProFormList,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import { AGENT_BASES, AGENT_PERIODS, type AgentScheme, type AgentSettingsBody } from '@jinb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import { useCan } from '../../shared/access/access';
import { ConsoleApiError, call } from '../../shared/api/call';
import { antdApi } from '../../shared/ui/antd-app';
import { Page } from '../../shared/ui/Page';
import { agentSchemeQuery, agentsKeys } from './agents.queries';
import { agentsMessages } from './messages';

const t = agentsMessages.scheme;
const AMOUNT = /^\d{1,12}(\.\d{1,4})?$/;
const PERCENT = /^(100(\.0{1,4})?|\d{1,2}(\.\d{1,4})?)$/;
const MULTIPLE = /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/;

/** "100.0000" as an operator writes it: "100". */
const plain = (amount: string) => amount.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

type SchemeForm = Omit<AgentSettingsBody, 'multiple'> & { multiple: string };

function toForm(scheme: AgentScheme): SchemeForm {
  return {
    ...scheme,
    tiers: scheme.tiers.map((tier) => ({ from: plain(tier.from), rate: tier.rate })),
  };
}

/** 佣金方案: the whole commission scheme, replaced at once (audited); marketing and admins change it. */
export default function AgentSchemePage() {
  const client = useQueryClient();
  const scheme = useQuery(agentSchemeQuery);
  const editable = useCan()('adminAgentSettingsSave');
  const save = useMutation({
    mutationFn: (values: SchemeForm) =>
      call('adminAgentSettingsSave', { body: { ...values, expiryDays: Number(values.expiryDays) } }),
    onSuccess: (saved) => {
      client.setQueryData(agentsKeys.scheme(), saved);
      antdApi().message.success(t.saved);
    },
    onError: (error) => antdApi().message.error(error instanceof ConsoleApiError ? error.message : String(error)),
  });
  return (
    <Page title={agentsMessages.titles.scheme}>
      {!editable ? <Alert type="info" showIcon message={t.readOnly} style={{ marginBottom: 16 }} /> : null}
      <ProCard>
        {scheme.data ? (
          <ProForm<SchemeForm>
            key={JSON.stringify(scheme.data)}
            layout="horizontal"
            labelCol={{ flex: '160px' }}
            disabled={!editable}
            initialValues={toForm(scheme.data)}
            submitter={
              editable
                ? {
                    searchConfig: { submitText: t.save },
                    resetButtonProps: false,
                    submitButtonProps: { loading: save.isPending },
                  }
                : false
            }
            onFinish={async (values) => {
              await save.mutateAsync(values).catch(() => undefined);
              return true;
            }}
          >
            <ProFormSwitch name="enabled" label={t.enabled} />
            <ProFormRadio.Group
              name="basis"
              label={t.basis}
              options={AGENT_BASES.map((basis) => ({ value: basis, label: t.bases[basis] }))}
              rules={[{ required: true }]}
            />
            <ProFormSelect
              name="period"
              label={t.period}
              width="sm"
              options={AGENT_PERIODS.map((period) => ({ value: period, label: t.periods[period] }))}
              rules={[{ required: true }]}
            />
            <ProFormList
              name="tiers"
              label={t.tiers}
              tooltip={t.tiersHint}
              min={1}
              max={20}
              creatorButtonProps={editable ? { creatorButtonText: t.addTier } : false}
              creatorRecord={{ from: '', rate: '' }}
              copyIconProps={false}
              alwaysShowItemLabel
            >
              <ProForm.Group>
                <ProFormText
                  name="from"
                  label={t.from}
                  width="sm"
                  rules={[{ required: true, pattern: AMOUNT, message: t.amountRule }]}
                />
                <ProFormText
                  name="rate"
                  label={t.rate}
                  width="xs"
                  rules={[{ required: true, pattern: PERCENT, message: t.rateRule }]}
                />
              </ProForm.Group>
            </ProFormList>
            <ProFormText
              name="secondRate"
              label={t.secondRate}
              width="xs"
              rules={[{ required: true, pattern: PERCENT, message: t.rateRule }]}
            />
            <ProFormText
              name="multiple"
              label={t.multiple}
              width="xs"
              rules={[{ required: true, pattern: MULTIPLE, message: t.multipleRule }]}
            />
            <ProFormRadio.Group
              name="mode"
              label={t.mode}
              options={(['auto', 'claim'] as const).map((mode) => ({ value: mode, label: t.modes[mode] }))}
            />
            <ProFormDigit
              name="expiryDays"
              label={t.expiryDays}
              width="xs"
              min={1}
              max={365}
              fieldProps={{ precision: 0 }}
            />
          </ProForm>
        ) : (
          <Skeleton active />
        )}
      </ProCard>
    </Page>
  );
}
