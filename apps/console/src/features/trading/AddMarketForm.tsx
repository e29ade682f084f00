import { ModalForm, ProFormDependency, ProFormList, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { FIXED_SIDES, MARKETS_BY_SPORT, type MarketType, type Period } from '@jinb/contract';
import type { AdminEventView } from '@jinb/contract/sports';
import { adminMarketsBody } from '@jinb/contract/sports';
import { Button, Form, Space } from 'antd';
import type { z } from 'zod';
import { call } from '../../shared/api/call';
import { submitChecked, zodIssues } from '../../shared/form/zod-form';
import { antdApi } from '../../shared/ui/antd-app';
import { sideLabel } from './labels';
import { tradingMessages as t } from './messages';

const hasLine = (type: MarketType | undefined) => type === 'ah' || type === 'ou';

type Values = {
  type?: MarketType;
  period?: Period;
  line?: string;
  prices?: Record<string, string>;
  scores?: Array<{ side?: string; odds?: string }>;
};

/** The form's values as the call's body: a fixed type's sides in their order, a correct score's rows as typed. */
export function marketBodyOf(values: Values) {
  const type = values.type;
  const selections =
    type === 'cs'
      ? (values.scores ?? []).map((row) => ({
          side: String(row.side ?? '').trim(),
          odds: String(row.odds ?? '').trim(),
        }))
      : type
        ? FIXED_SIDES[type].map((side) => ({ side, odds: String(values.prices?.[side] ?? '').trim() }))
        : [];
  const line = String(values.line ?? '').trim();
  return { markets: [{ type, period: values.period, line: hasLine(type) ? line || undefined : null, selections }] };
}

/** The markets body's issues point at `markets.0.…`; the form's fields are named without that prefix. */
export function formFieldOf(name: (string | number)[], values: Values): (string | number)[] {
  const [, , field, index, part] = name;
  if (field === 'selections' && typeof index === 'number') {
    if (values.type === 'cs') return ['scores', index, part === 'side' ? 'side' : 'odds'];
    const side = values.type ? FIXED_SIDES[values.type][index] : undefined;
    return side ? ['prices', side] : ['type'];
  }
  return [typeof field === 'string' ? field : 'type'];
}

/**
 * 添加盘口: a market for an event not started yet (type, period, line, every side's price), checked by the call's
 * contract schema before it is sent; the server refuses a market the event already has or the sport does not offer.
 */
export function AddMarketForm({ event, onDone }: { event: AdminEventView; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const offered = MARKETS_BY_SPORT[event.sport];
  const types = Object.keys(offered) as MarketType[];
  return (
    <ModalForm<Values>
      title={`${t.addMarket.title} · ${event.home} vs ${event.away}`}
      name="add-market"
      form={form}
      width={560}
      trigger={<Button>{t.addMarket.open}</Button>}
      modalProps={{ destroyOnHidden: true }}
      initialValues={{ period: 'ft', scores: [{}, {}, {}] }}
      onFinish={async (values) => {
        const body = marketBodyOf(values);
        const issues = zodIssues(adminMarketsBody, body);
        if (issues) {
          form.setFields(
            issues.map((issue) => ({ name: formFieldOf(issue.name, values) as never, errors: issue.errors })),
          );
          return false;
        }
        return submitChecked(form, adminMarketsBody, body as z.input<typeof adminMarketsBody>, async (checked) => {
          await call('adminSportsAddMarkets', { params: { id: event.id }, body: checked });
          void antdApi().message.success(t.addMarket.added);
          onDone();
        });
      }}
      onValuesChange={(changed: Values) => {
        if (changed.type) form.setFieldsValue({ period: offered[changed.type]?.[0] ?? 'ft' });
      }}
    >
      <Space size="large" align="start">
        <ProFormSelect
          name="type"
          label={t.addMarket.type}
          width="sm"
          rules={[{ required: true, message: t.addMarket.typeRequired }]}
          options={types.map((value) => ({ value, label: t.marketTypes[value] }))}
        />
        <ProFormDependency name={['type']}>
          {({ type }: Values) => (
            <ProFormSelect
              name="period"
              label={t.addMarket.period}
              width="xs"
              options={(type ? (offered[type] ?? ['ft']) : (['ft'] as const)).map((value: Period) => ({
                value,
                label: t.periods[value],
              }))}
            />
          )}
        </ProFormDependency>
        <ProFormDependency name={['type']}>
          {({ type }: Values) =>
            hasLine(type) ? (
              <ProFormText
                name="line"
                label={type === 'ah' ? t.addMarket.handicap : t.addMarket.total}
                tooltip={t.addMarket.lineHelp}
                width="xs"
                placeholder={type === 'ah' ? '-0.25' : '2.5'}
                rules={[{ required: true, message: t.addMarket.lineRequired }]}
              />
            ) : null
          }
        </ProFormDependency>
      </Space>
      <ProFormDependency name={['type']}>
        {({ type }: Values) =>
          type === 'cs' ? (
            <ProFormList
              name="scores"
              label={t.addMarket.scores}
              tooltip={t.addMarket.scoresHelp}
              creatorButtonProps={{ creatorButtonText: t.addMarket.addScore }}
              min={2}
              max={40}
              copyIconProps={false}
            >
              <Space>
                <ProFormText name="side" placeholder={t.addMarket.scorePlaceholder} width="xs" />
                <ProFormText name="odds" placeholder={t.markets.odds} width="xs" />
              </Space>
            </ProFormList>
          ) : type ? (
            <Space size="middle" wrap>
              {FIXED_SIDES[type].map((side) => (
                <ProFormText
                  key={side}
                  name={['prices', side]}
                  label={`${sideLabel(side)}${t.markets.odds}`}
                  width="xs"
                  placeholder="1.95"
                  fieldProps={{ inputMode: 'decimal' }}
                  rules={[{ required: true, pattern: /^\d{1,4}(\.\d{1,4})?$/, message: t.markets.oddsInvalid }]}
                />
              ))}
            </Space>
          ) : null
        }
      </ProFormDependency>
    </ModalForm>
  );
}
