import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { EVENT_STATUSES, type EventStatus, SPORTS, type TradingEventRow } from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { tableRequest } from '../../shared/api/table';
import { ConsoleTable } from '../../shared/table/ConsoleTable';
import { MoneyText } from '../../shared/ui/MoneyText';
import { Page } from '../../shared/ui/Page';
import { TimeText } from '../../shared/ui/TimeText';
import { tradingMessages as t } from './messages';
import { competitionsQuery } from './trading.queries';

export const EVENT_STATUS_COLORS: Record<EventStatus, string> = {
  scheduled: 'blue',
  live: 'green',
  suspended: 'orange',
  finished: 'purple',
  settled: 'default',
  cancelled: 'red',
};

/** The events table refreshes itself this often (the feed starts, scores and settles events on its own). */
const POLL_MS = 10_000;

/** A date picker's value as the call's `day` (YYYY-MM-DD, the platform day). */
function dayOf(value: unknown): string {
  if (!value) return '';
  if (typeof value === 'string') return value.slice(0, 10);
  return (value as Dayjs).format('YYYY-MM-DD');
}

/**
 * 赛事管理: every event of the book, filtered by sport, competition, status, start day and team, sorted on the server,
 * with its open bets and suspended markets; a row opens the event's trading page.
 */
export default function EventsPage() {
  const table = useRef<ActionType>(undefined);
  const [sport, setSport] = useState('');
  const competitions = useQuery(competitionsQuery(sport));

  const columns: ProColumns<TradingEventRow>[] = [
    { title: t.events.q, dataIndex: 'q', hideInTable: true },
    {
      title: t.events.day,
      dataIndex: 'day',
      valueType: 'date',
      hideInTable: true,
    },
    { title: t.events.id, dataIndex: 'id', width: 70, search: false, fixed: 'left' },
    {
      title: t.events.sport,
      dataIndex: 'sport',
      width: 90,
      fixed: 'left',
      valueType: 'select',
      valueEnum: Object.fromEntries(SPORTS.map((value) => [value, { text: t.sports[value] }])),
      fieldProps: { onChange: (value: string | undefined) => setSport(value ?? '') },
    },
    {
      title: t.events.competition,
      dataIndex: 'competition',
      valueType: 'select',
      width: 130,
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        loading: competitions.isLoading,
        options: (competitions.data ?? []).map((item) => ({
          value: item.id,
          label: `${item.name}（${t.sports[item.sport]}）`,
        })),
      },
      render: (_, row) => row.competition.name,
    },
    {
      title: t.events.match,
      dataIndex: 'match',
      search: false,
      width: 200,
      render: (_, row) => (
        <Link to={`/trading/events/${row.id}`}>
          {row.home} vs {row.away}
        </Link>
      ),
    },
    {
      title: t.events.startTime,
      dataIndex: 'startTime',
      width: 160,
      sorter: true,
      search: false,
      render: (_, row) => <TimeText value={row.startTime} />,
    },
    {
      title: t.events.status,
      dataIndex: 'status',
      valueType: 'select',
      width: 90,
      valueEnum: Object.fromEntries(EVENT_STATUSES.map((value) => [value, { text: t.eventStatus[value] }])),
      render: (_, row) => <Tag color={EVENT_STATUS_COLORS[row.status]}>{t.eventStatus[row.status]}</Tag>,
    },
    {
      title: t.events.score,
      dataIndex: 'score',
      search: false,
      width: 70,
      align: 'center',
      render: (_, row) => (row.score ? `${row.score.home} : ${row.score.away}` : '-'),
    },
    {
      title: t.events.markets,
      dataIndex: 'markets',
      search: false,
      width: 110,
      render: (_, row) => (
        <Space size={4}>
          {row.markets}
          {row.suspendedMarkets > 0 ? <Tag color="orange">{t.events.suspended(row.suspendedMarkets)}</Tag> : null}
        </Space>
      ),
    },
    { title: t.events.openBets, dataIndex: 'openBets', sorter: true, search: false, align: 'right', width: 100 },
    {
      title: t.events.openStake,
      dataIndex: 'openStake',
      width: 120,
      sorter: true,
      search: false,
      align: 'right',
      render: (_, row) => <MoneyText value={row.openStake} />,
    },
    {
      title: t.events.feed,
      dataIndex: 'feed',
      search: false,
      width: 70,
      render: (_, row) => (row.feed === 'manual' ? <Tag>{t.events.manual}</Tag> : row.feed),
    },
    {
      title: '',
      valueType: 'option',
      width: 70,
      fixed: 'right',
      render: (_, row) => [
        <Link key="open" to={`/trading/events/${row.id}`}>
          {t.events.open}
        </Link>,
      ],
    },
  ];

  return (
    <Page content={<Typography.Text type="secondary">{t.events.poll}</Typography.Text>}>
      <ConsoleTable<TradingEventRow>
        rowKey="id"
        actionRef={table}
        columns={columns}
        polling={POLL_MS}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        options={{ density: false, setting: true, reload: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        scroll={{ x: 1280 }}
        request={tableRequest('adminTradingEvents', (query) => ({ ...query, day: dayOf(query.day) }))}
        onReset={() => setSport('')}
      />
    </Page>
  );
}
