import type { ProColumns } from '@ant-design/pro-components';
import { BET_STATUSES, type BetStatus, type TradingEventBetRow } from '@jinb/contract';
import { Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { call } from '../../shared/api/call';
import { type TableFilter, type TableParams, type TableSort, tableQuery } from '../../shared/api/table';
import { ConsoleTable } from '../../shared/table/ConsoleTable';
import { MoneyText } from '../../shared/ui/MoneyText';
import { TimeText } from '../../shared/ui/TimeText';
import { marketLabel, sideLabel } from './labels';
import { tradingMessages as t } from './messages';

const BET_COLORS: Record<BetStatus, string> = {
  pending: 'gold',
  open: 'blue',
  settled: 'green',
  refused: 'red',
  cashed_out: 'purple',
};

/** 注单: the bets with a leg on this event (a parlay shows its legs here and how many others it has), paged. */
export function EventBetsTab({ eventId }: { eventId: string }) {
  const columns: ProColumns<TradingEventBetRow>[] = [
    {
      title: t.bets.status,
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(BET_STATUSES.map((value) => [value, { text: t.betStatus[value] }])),
      render: (_, row) => <Tag color={BET_COLORS[row.status]}>{t.betStatus[row.status]}</Tag>,
    },
    { title: t.bets.orderNo, dataIndex: 'orderNo', search: false, copyable: true },
    {
      title: t.bets.account,
      dataIndex: 'account',
      search: false,
      render: (_, row) => <Link to={`/members/${row.memberId}`}>{row.account}</Link>,
    },
    {
      title: t.bets.type,
      dataIndex: 'type',
      search: false,
      render: (_, row) => t.betTypes[row.type] ?? row.type,
    },
    {
      title: t.bets.legs,
      dataIndex: 'legs',
      search: false,
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          {row.legs.map((leg) => (
            <span key={`${leg.marketId}-${leg.side}`}>
              {marketLabel(leg)} · {sideLabel(leg.side)} @{leg.odds}
              {leg.outcome ? <Tag style={{ marginLeft: 4 }}>{t.outcomes[leg.outcome] ?? leg.outcome}</Tag> : null}
            </span>
          ))}
          {row.legCount > row.legs.length ? (
            <Typography.Text type="secondary">{t.bets.moreLegs(row.legCount - row.legs.length)}</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: t.bets.stake,
      dataIndex: 'totalStake',
      sorter: true,
      search: false,
      align: 'right',
      render: (_, row) => <MoneyText value={row.totalStake} />,
    },
    {
      title: t.bets.potential,
      dataIndex: 'potentialPayout',
      sorter: true,
      search: false,
      align: 'right',
      render: (_, row) => <MoneyText value={row.potentialPayout} />,
    },
    {
      title: t.bets.payout,
      dataIndex: 'payout',
      search: false,
      align: 'right',
      render: (_, row) => (row.payout === null ? '-' : <MoneyText value={row.payout} />),
    },
    {
      title: t.bets.placedAt,
      dataIndex: 'placedAt',
      sorter: true,
      search: false,
      render: (_, row) => <TimeText value={row.placedAt} />,
    },
    {
      title: t.bets.settledAt,
      dataIndex: 'settledAt',
      search: false,
      render: (_, row) => <TimeText value={row.settledAt} />,
    },
  ];
  return (
    <ConsoleTable<TradingEventBetRow>
      rowKey="id"
      columns={columns}
      polling={5_000}
      search={{ labelWidth: 'auto', filterType: 'light' }}
      options={{ density: false, setting: true, reload: true }}
      pagination={{ defaultPageSize: 20, showSizeChanger: true }}
      scroll={{ x: 1100 }}
      params={{ eventId }}
      request={async (params: TableParams, sort: TableSort, filter: TableFilter) => {
        const { eventId: _id, ...rest } = params;
        const result = await call('adminTradingEventBets', {
          params: { id: eventId },
          query: tableQuery(rest, sort, filter) as never,
        });
        return { data: result.rows, total: result.total, success: true };
      }}
    />
  );
}
