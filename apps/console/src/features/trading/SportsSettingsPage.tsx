import {
  ProCard,
  ProForm,
  ProFormDigit,
  ProFormList,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import { MARKET_TYPES, SPORTS } from '@jinb/contract';
import { type SportsSettings, sportsSettings } from '@jinb/contract/sports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Spin, Typography } from 'antd';
import { useCan } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { submitChecked } from '../../shared/form/zod-form';
import { antdApi } from '../../shared/ui/antd-app';
import { Page } from '../../shared/ui/Page';
import { tradingMessages as t } from './messages';
import { settingsQuery, tradingKeys } from './trading.queries';

type OverrideRow = { key?: string } & Partial<Record<(typeof LIMIT_FIELDS)[number], string>>;
type Values = Omit<SportsSettings, 'quickStakes' | 'bySport' | 'byMarketType'> & {
  quickStakes: string;
  bySport?: OverrideRow[];
  byMarketType?: OverrideRow[];
};

const LIMIT_FIELDS = ['minStake', 'maxStake', 'maxPayout', 'maxDailyPayout', 'maxLiability'] as const;

/** An override's rows as the settings' record: blank limits left out (the default applies to them). */
export function overridesOf(rows: OverrideRow[] | undefined): Record<string, Partial<SportsSettings['limits']>> {
  const record: Record<string, Partial<SportsSettings['limits']>> = {};
  for (const row of rows ?? []) {
    if (!row?.key) continue;
    const limits: Partial<SportsSettings['limits']> = {};
    for (const field of LIMIT_FIELDS) {
      const value = String(row[field] ?? '').trim();
      if (value !== '') limits[field] = value;
    }
    record[row.key] = limits;
  }
  return record;
}

/** The rows an operator must fix before saving: a sport or market type twice, or a row without any limit. */
export function overrideIssues(
  name: 'bySport' | 'byMarketType',
  rows: OverrideRow[] | undefined,
): Array<{ name: (string | number)[]; errors: string[] }> {
  const seen = new Set<string>();
  return (rows ?? []).flatMap((row, index): Array<{ name: (string | number)[]; errors: string[] }> => {
    if (!row?.key) return [];
    if (seen.has(row.key)) return [{ name: [name, index, 'key'], errors: [t.settings.overrideDuplicate] }];
    seen.add(row.key);
    return LIMIT_FIELDS.some((field) => String(row[field] ?? '').trim() !== '')
      ? []
      : [{ name: [name, index, 'minStake'], errors: [t.settings.overrideEmpty] }];
  });
}

const rowsOf = (record: Record<string, Partial<SportsSettings['limits']>>): OverrideRow[] =>
  Object.entries(record).map(([key, limits]) => ({ key, ...limits }));

/** The form's values as the settings the call saves. */
function settingsOf(current: SportsSettings, values: Values): SportsSettings {
  return {
    ...current,
    limits: { ...current.limits, ...values.limits },
    bySport: overridesOf(values.bySport),
    byMarketType: overridesOf(values.byMarketType),
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

/** One override list: a sport or market type per row and its limits, blank ones following the default. */
function OverrideList({
  name,
  label,
  keyLabel,
  options,
  editable,
}: {
  name: 'bySport' | 'byMarketType';
  label: string;
  keyLabel: string;
  options: Array<{ value: string; label: string }>;
  editable: boolean;
}) {
  return (
    <div data-testid={`overrides-${name}`}>
      <ProFormList
        name={name}
        label={label}
        creatorButtonProps={editable ? { creatorButtonText: t.settings.overrideAdd, style: { width: 240 } } : false}
        copyIconProps={false}
        deleteIconProps={editable ? undefined : false}
        max={options.length}
      >
        <ProForm.Group>
          <ProFormSelect name="key" label={keyLabel} width="xs" options={options} />
          {LIMIT_FIELDS.map((field) => (
            <ProFormText key={field} name={field} label={t.settings[field]} width={130} />
          ))}
        </ProForm.Group>
      </ProFormList>
    </div>
  );
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
    bySport: rowsOf(current.bySport),
    byMarketType: rowsOf(current.byMarketType),
  };

  return (
    <Page content={editable ? null : <Typography.Text type="secondary">{t.settings.readOnly}</Typography.Text>}>
      <ProForm<Values>
        form={form}
        layout="vertical"
        readonly={!editable}
        initialValues={initial}
        submitter={editable ? { searchConfig: { submitText: t.settings.save }, resetButtonProps: false } : false}
        onFinish={(values) => {
          const issues = [
            ...overrideIssues('bySport', values.bySport),
            ...overrideIssues('byMarketType', values.byMarketType),
          ];
          if (issues.length > 0) {
            form.setFields(issues.map((issue) => ({ name: issue.name as never, errors: issue.errors })));
            return Promise.resolve(false);
          }
          return submitChecked(form, sportsSettings, settingsOf(current, values), async (body) => {
            const saved = await call('adminSaveSportsSettings', { body });
            client.setQueryData(tradingKeys.settings(), saved);
            void antdApi().message.success(t.settings.saved);
          });
        }}
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
        </ProCard>
        <ProCard title={t.settings.overrides} subTitle={t.settings.overridesHelp} bordered style={{ marginBottom: 16 }}>
          <OverrideList
            name="bySport"
            label={t.settings.overridesSport}
            keyLabel={t.settings.overrideSport}
            options={SPORTS.map((value) => ({ value, label: t.sports[value] }))}
            editable={editable}
          />
          <OverrideList
            name="byMarketType"
            label={t.settings.overridesMarketType}
            keyLabel={t.settings.overrideMarketType}
            options={MARKET_TYPES.map((value) => ({ value, label: t.marketTypes[value] }))}
            editable={editable}
          />
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
