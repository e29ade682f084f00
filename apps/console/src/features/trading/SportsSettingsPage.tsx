import { ProCard, ProForm, ProFormDigit, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { MARKET_TYPES, SPORTS } from '@jinb/contract';
import { type SportsSettings, sportsSettings } from '@jinb/contract/sports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Form, Spin, Typography } from 'antd';
import { useCan } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { submitChecked } from '../../shared/form/zod-form';
import { antdApi } from '../../shared/ui/antd-app';
import { Page } from '../../shared/ui/Page';
import { tradingMessages as t } from './messages';
import { settingsQuery, tradingKeys } from './trading.queries';

type Values = Omit<SportsSettings, 'quickStakes'> & { quickStakes: string };

const LIMIT_FIELDS = ['minStake', 'maxStake', 'maxPayout', 'maxDailyPayout', 'maxLiability'] as const;

/** The form's values as the settings the call saves; what the form does not edit (the overrides) kept as read. */
function settingsOf(current: SportsSettings, values: Values): SportsSettings {
  return {
    ...current,
    limits: { ...current.limits, ...values.limits },
    minTurnoverOdds: String(values.minTurnoverOdds ?? '').trim(),
    margin: values.margin,
    quickStakes: String(values.quickStakes ?? '')
      .split(/[,，\s]+/)
      .map((item) => item.trim())
      .filter(Boolean),
    inPlay: { betDelay: { ...current.inPlay?.betDelay, ...values.inPlay?.betDelay } },
    cashout: values.cashout,
  };
}

/** An override's limits in one line: 最高投注 5000 · 单注最高派彩 100000. */
function overrideText(limits: Partial<SportsSettings['limits']>): string {
  return LIMIT_FIELDS.filter((field) => limits[field] !== undefined)
    .map((field) => `${t.settings[field]} ${limits[field]}`)
    .join(' · ');
}

/**
 * 体育设置: the book's limits and the liability cap per selection, the turnover odds, the simulated feed's margin,
 * the slip's quick stakes, the in-play bet delay per sport and the cash-out switches. Checked by the contract's
 * schema before it is sent; a role that may only read sees it read-only.
 */
export default function SportsSettingsPage() {
  const can = useCan();
  const client = useQueryClient();
  const settings = useQuery(settingsQuery());
  const [form] = Form.useForm<Values>();
  const editable = can('adminSaveSportsSettings');

  if (settings.isError)
    return (
      <Page>
        <Alert type="error" showIcon message={settings.error.message} />
      </Page>
    );
  if (!settings.data)
    return (
      <Page>
        <Spin />
      </Page>
    );
  const current = settings.data;
  const initial: Values = {
    ...current,
    cashout: current.cashout ?? { enabled: false, offSports: [], offMarketTypes: [], margin: 0.05, tolerance: 0.02 },
    quickStakes: current.quickStakes.join(', '),
  };
  const overrides = [
    ...Object.entries(current.bySport).map(
      ([key, limits]) => [t.sports[key as keyof typeof t.sports], limits] as const,
    ),
    ...Object.entries(current.byMarketType).map(
      ([key, limits]) => [t.marketTypes[key as keyof typeof t.marketTypes], limits] as const,
    ),
  ];

  return (
    <Page content={editable ? null : <Typography.Text type="secondary">{t.settings.readOnly}</Typography.Text>}>
      <ProForm<Values>
        form={form}
        layout="vertical"
        readonly={!editable}
        initialValues={initial}
        submitter={editable ? { searchConfig: { submitText: t.settings.save }, resetButtonProps: false } : false}
        onFinish={(values) =>
          submitChecked(form, sportsSettings, settingsOf(current, values), async (body) => {
            const saved = await call('adminSaveSportsSettings', { body });
            client.setQueryData(tradingKeys.settings(), saved);
            void antdApi().message.success(t.settings.saved);
          })
        }
      >
        <ProCard title={t.settings.limits} bordered style={{ marginBottom: 16 }}>
          <ProForm.Group>
            {LIMIT_FIELDS.map((field) => (
              <ProFormText key={field} name={['limits', field]} label={t.settings[field]} width="sm" />
            ))}
          </ProForm.Group>
          <ProForm.Group>
            <ProFormText name="minTurnoverOdds" label={t.settings.minTurnoverOdds} width="sm" />
            <ProFormText
              name="quickStakes"
              label={t.settings.quickStakes}
              tooltip={t.settings.quickStakesHelp}
              width="md"
            />
          </ProForm.Group>
          <Descriptions size="small" column={1} title={t.settings.overrides}>
            {overrides.length === 0 ? (
              <Descriptions.Item>{t.settings.overridesNone}</Descriptions.Item>
            ) : (
              overrides.map(([name, limits]) => (
                <Descriptions.Item key={name} label={name}>
                  {overrideText(limits)}
                </Descriptions.Item>
              ))
            )}
          </Descriptions>
        </ProCard>
        <ProCard title={t.settings.margin} bordered style={{ marginBottom: 16 }}>
          <ProForm.Group>
            <ProFormDigit
              name={['margin', 'overround']}
              label={t.settings.overround}
              min={0}
              max={0.5}
              fieldProps={{ step: 0.01 }}
              width="sm"
            />
            <ProFormDigit
              name={['margin', 'correctScore']}
              label={t.settings.correctScore}
              min={0}
              max={1}
              fieldProps={{ step: 0.01 }}
              width="sm"
            />
          </ProForm.Group>
          <ProForm.Group title={t.settings.inPlay}>
            {SPORTS.map((sport) => (
              <ProFormDigit
                key={sport}
                name={['inPlay', 'betDelay', sport]}
                label={t.sports[sport]}
                min={0}
                max={60}
                placeholder={t.settings.inPlayDefault}
                fieldProps={{ precision: 0 }}
                width="xs"
              />
            ))}
          </ProForm.Group>
        </ProCard>
        <ProCard title={t.settings.cashout} bordered style={{ marginBottom: 16 }}>
          <ProFormSwitch name={['cashout', 'enabled']} label={t.settings.cashoutEnabled} />
          <ProForm.Group>
            <ProFormSelect
              name={['cashout', 'offSports']}
              label={t.settings.offSports}
              mode="multiple"
              width="md"
              options={SPORTS.map((value) => ({ value, label: t.sports[value] }))}
            />
            <ProFormSelect
              name={['cashout', 'offMarketTypes']}
              label={t.settings.offMarketTypes}
              mode="multiple"
              width="md"
              options={MARKET_TYPES.map((value) => ({ value, label: t.marketTypes[value] }))}
            />
          </ProForm.Group>
          <ProForm.Group>
            <ProFormDigit
              name={['cashout', 'margin']}
              label={t.settings.cashoutMargin}
              min={0}
              max={0.5}
              fieldProps={{ step: 0.01 }}
              width="sm"
            />
            <ProFormDigit
              name={['cashout', 'tolerance']}
              label={t.settings.tolerance}
              min={0}
              max={0.5}
              fieldProps={{ step: 0.01 }}
              width="sm"
            />
          </ProForm.Group>
        </ProCard>
      </ProForm>
    </Page>
  );
}
