import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Progress, Space, Statistic, Table, Tag } from 'antd';
import { MoneyText } from '../../shared/ui/MoneyText';
import { marketLabel, sideLabel } from './labels';
import { tradingMessages as t } from './messages';
import { cashoutsQuery, liabilityQuery } from './trading.queries';

type Row = {
  key: string;
  market: string;
  marketRows: number;
  first: boolean;
  side: string;
  odds: string;
  bets: number;
  stake: string;
  payout: string;
  net: string;
  liability: string;
  cap: string;
};

/** How much of the cap a liability uses, 0-100 (a cap of 0 counts as full once anything is at risk). */
function usage(liability: string, cap: string): number {
  const at = Number(liability);
  const limit = Number(cap);
  if (at <= 0) return 0;
  if (limit <= 0) return 100;
  return Math.min(100, Math.round((at / limit) * 100));
}

/** 风险: what each selection would cost the house from the open bets, beside its cap; the event's cash-outs. */
export function LiabilityTab({ eventId }: { eventId: string }) {
  const liability = useQuery(liabilityQuery(eventId));
  const cashouts = useQuery(cashoutsQuery(eventId));
  if (liability.isError) return <Alert type="error" showIcon message={liability.error.message} />;
  const rows: Row[] = (liability.data?.markets ?? []).flatMap((market) =>
    market.selections.map((selection, index) => ({
      key: selection.id,
      market: marketLabel(market),
      marketRows: market.selections.length,
      first: index === 0,
      side: sideLabel(selection.side),
      odds: selection.odds,
      bets: selection.bets,
      stake: selection.stake,
      payout: selection.payout,
      net: selection.net,
      liability: selection.liability,
      cap: selection.cap,
    })),
  );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space size={48} wrap>
          <Statistic title={t.liability.openBets} value={liability.data?.openBets ?? 0} />
          <Statistic
            title={t.liability.openStake}
            valueRender={() => <MoneyText value={liability.data?.openStake ?? '0'} />}
          />
          <Statistic title={t.cashouts.count} value={cashouts.data?.count ?? 0} />
          <Statistic title={t.cashouts.stake} valueRender={() => <MoneyText value={cashouts.data?.stake ?? '0'} />} />
          <Statistic title={t.cashouts.paid} valueRender={() => <MoneyText value={cashouts.data?.amount ?? '0'} />} />
        </Space>
      </Card>
      <Table<Row>
        size="small"
        loading={liability.isLoading}
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: t.markets.market,
            dataIndex: 'market',
            onCell: (row) => ({ rowSpan: row.first ? row.marketRows : 0 }),
          },
          { title: t.liability.selection, dataIndex: 'side' },
          { title: t.liability.odds, dataIndex: 'odds', align: 'right' },
          { title: t.liability.bets, dataIndex: 'bets', align: 'right' },
          {
            title: t.liability.stake,
            dataIndex: 'stake',
            align: 'right',
            render: (value) => <MoneyText value={value} />,
          },
          {
            title: t.liability.payout,
            dataIndex: 'payout',
            align: 'right',
            render: (value) => <MoneyText value={value} />,
          },
          { title: t.liability.net, dataIndex: 'net', align: 'right', render: (value) => <MoneyText value={value} /> },
          {
            title: t.liability.liability,
            dataIndex: 'liability',
            align: 'right',
            render: (value) => <MoneyText value={value} />,
          },
          { title: t.liability.cap, dataIndex: 'cap', align: 'right', render: (value) => <MoneyText value={value} /> },
          {
            title: t.liability.usage,
            key: 'usage',
            width: 180,
            render: (_, row) => {
              const percent = usage(row.liability, row.cap);
              return percent >= 100 ? (
                <Tag color="red">{t.liability.atCap}</Tag>
              ) : (
                <Progress percent={percent} size="small" status={percent >= 80 ? 'exception' : 'normal'} />
              );
            },
          },
        ]}
      />
    </Space>
  );
}
