import { ModalForm, ProFormText } from '@ant-design/pro-components';
import type { AdminEventView } from '@jinb/contract/sports';
import { adminPricesBody } from '@jinb/contract/sports';
import { Button, Form } from 'antd';
import { call } from '../../shared/api/call';
import { submitChecked } from '../../shared/form/zod-form';
import { antdApi } from '../../shared/ui/antd-app';
import { marketLabel, sideLabel } from './labels';
import { tradingMessages as t } from './messages';

type Market = AdminEventView['markets'][number];
type Values = { selections: Array<{ id: string; odds: string }> };

/** 改赔率: every selection of a market with its price; only the changed ones are sent (their versions move). */
export function PricesForm({ market, onDone }: { market: Market; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const initial: Values = { selections: market.selections.map((s) => ({ id: s.id, odds: s.odds })) };
  return (
    <ModalForm<Values>
      title={`${t.markets.pricesTitle} · ${marketLabel(market)}`}
      form={form}
      width={480}
      initialValues={initial}
      trigger={
        <Button size="small" type="link">
          {t.markets.prices}
        </Button>
      }
      modalProps={{ destroyOnHidden: true }}
      onFinish={async (values) => {
        const all = (values.selections ?? []).map((row, index) => ({
          id: initial.selections[index]?.id ?? row.id,
          odds: String(row.odds ?? '').trim(),
        }));
        const changed = all.filter((row, index) => row.odds !== initial.selections[index]?.odds);
        if (changed.length === 0) return true;
        return submitChecked(form, adminPricesBody, { selections: all }, async () => {
          await call('adminSportsMarketPrices', { params: { id: market.id }, body: { selections: changed } });
          void antdApi().message.success(t.markets.pricesSaved);
          onDone();
        });
      }}
    >
      {market.selections.map((selection, index) => (
        <ProFormText
          key={selection.id}
          name={['selections', index, 'odds']}
          label={`${sideLabel(selection.side)}（${selection.side}）`}
          rules={[{ required: true, pattern: /^\d{1,4}(\.\d{1,4})?$/, message: t.markets.oddsInvalid }]}
          fieldProps={{ inputMode: 'decimal', style: { width: 160 } }}
        />
      ))}
    </ModalForm>
  );
}
