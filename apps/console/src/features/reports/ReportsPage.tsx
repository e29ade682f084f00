import type { ProColumns } from '@ant-design/pro-components';
import type { CohortRow, CommissionPeriodRow, DepositChannelRow, PnlRow, WithdrawalDayRow } from '@jinb/contract';
import { truncateMoney } from '@jinb/money';
import { Card, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
// The dashboard's SVG chart (no chart library in the console): the same bars for the report's days.
import { BarChart } from '../../shared/ui/charts';
import { MoneyText } from '../../shared/ui/MoneyText';
import { Page } from '../../shared/ui/Page';
import { reportsMessages as t } from './messages';
import { ReportTable } from './ReportTable';

/** An amount column, right-aligned; `sortable` when the report sorts by it. */
function money<R>(title: string, key: keyof R & string, sortable = false): ProColumns<R> {
  return {
    title,
    dataIndex: key,
    search: false,
    align: 'right',
    sorter: sortable,
    render: (_, row) => <MoneyText value={row[key] as string} />,
  };
}

function count<R>(title: string, key: keyof R & string, sortable = false): ProColumns<R> {
  return { title, dataIndex: key, search: false, align: 'right', sorter: sortable };
}

const pnlColumns: ProColumns<PnlRow>[] = [
  { title: t.pnl.day, dataIndex: 'day', search: false, sorter: true, defaultSortOrder: 'descend', width: 120 },
  {
    title: t.pnl.product,
    dataIndex: 'product',
    search: false,
    render: (_, row) => (row.kind === 'sports' ? t.pnl.sports : row.name),
  },
  { title: t.pnl.kind, dataIndex: 'kind', search: false, render: (_, row) => <Tag>{t.pnl.kinds[row.kind]}</Tag> },
  count<PnlRow>(t.pnl.bets, 'bets', true),
  money<PnlRow>(t.pnl.stake, 'stake', true),
  money<PnlRow>(t.pnl.payout, 'payout', true),
  money<PnlRow>(t.pnl.ggr, 'ggr', true),
];

const channelColumns: ProColumns<DepositChannelRow>[] = [
  { title: t.channels.channel, dataIndex: 'channelName', search: false },
  { title: t.channels.kind, dataIndex: 'kind', search: false, render: (_, row) => <Tag>{row.kind}</Tag> },
  count<DepositChannelRow>(t.channels.count, 'count', true),
  count<DepositChannelRow>(t.channels.members, 'members', true),
  money<DepositChannelRow>(t.channels.amount, 'amount', true),
  money<DepositChannelRow>(t.channels.average, 'average'),
];

const w = t.withdrawals;
const withdrawalColumns: ProColumns<WithdrawalDayRow>[] = [
  { title: w.day, dataIndex: 'day', search: false, sorter: true, defaultSortOrder: 'descend', width: 120 },
  count<WithdrawalDayRow>(w.requested, 'requested'),
  money<WithdrawalDayRow>(w.requestedAmount, 'requestedAmount', true),
  count<WithdrawalDayRow>(w.waiting, 'waiting'),
  count<WithdrawalDayRow>(w.paid, 'paid'),
  money<WithdrawalDayRow>(w.paidAmount, 'paidAmount', true),
  money<WithdrawalDayRow>(w.fee, 'fee'),
  count<WithdrawalDayRow>(w.refused, 'refused'),
  money<WithdrawalDayRow>(w.refusedAmount, 'refusedAmount'),
  count<WithdrawalDayRow>(w.cancelled, 'cancelled'),
  money<WithdrawalDayRow>(w.cancelledAmount, 'cancelledAmount'),
];

const r = t.registrations;
const cohortColumns: ProColumns<CohortRow>[] = [
  { title: r.day, dataIndex: 'day', search: false, sorter: true, defaultSortOrder: 'descend', width: 120 },
  count<CohortRow>(r.registered, 'registered', true),
  count<CohortRow>(r.within1, 'within1'),
  count<CohortRow>(r.within7, 'within7'),
  count<CohortRow>(r.within30, 'within30'),
  {
    title: r.rate,
    search: false,
    align: 'right',
    render: (_, row) => (row.registered > 0 ? `${((row.within30 / row.registered) * 100).toFixed(1)}%` : '-'),
  },
  money<CohortRow>(r.amount, 'firstDepositAmount'),
];

const c = t.commissions;
const commissionColumns: ProColumns<CommissionPeriodRow>[] = [
  { title: c.period, dataIndex: 'period', search: false, sorter: true, defaultSortOrder: 'descend' },
  count<CommissionPeriodRow>(c.agents, 'agents', true),
  count<CommissionPeriodRow>(c.members, 'members'),
  money<CommissionPeriodRow>(c.basisAmount, 'basisAmount'),
  money<CommissionPeriodRow>(c.secondAmount, 'secondAmount'),
  money<CommissionPeriodRow>(c.amount, 'amount', true),
  money<CommissionPeriodRow>(c.paid, 'paid'),
  money<CommissionPeriodRow>(c.pending, 'pending'),
  money<CommissionPeriodRow>(c.claimed, 'claimed'),
  money<CommissionPeriodRow>(c.expired, 'expired'),
];

type PnlDay = { day: string; ggr: string };

/** 每日盈亏: the GGR of each day of the range as bars, then the rows per day and product. */
function PnlReport() {
  const [days, setDays] = useState<PnlDay[]>([]);
  return (
    <>
      {days.length > 0 ? (
        <Card size="small" title={t.pnl.chart} style={{ marginBottom: 16 }}>
          <BarChart
            title={t.pnl.chart}
            labels={days.map((day) => day.day)}
            series={{
              name: t.pnl.ggr,
              color: '#1677ff',
              // Bar heights only: the amounts themselves are never added as numbers.
              values: days.map((day) => Number(truncateMoney(day.ggr))),
            }}
            height={180}
          />
        </Card>
      ) : null}
      <ReportTable
        list="adminReportPnl"
        csv="adminReportPnlCsv"
        file="pnl"
        columns={pnlColumns}
        rowKey={(row) => `${row.day}:${row.product}`}
        onAnswer={(answer) => setDays((answer.byDay as PnlDay[] | undefined) ?? [])}
        summary={(answer) => {
          const totals = answer.totals as { bets: number; stake: string; payout: string; ggr: string };
          return t.totals.pnl(
            totals.bets,
            truncateMoney(totals.stake),
            truncateMoney(totals.payout),
            truncateMoney(totals.ggr),
          );
        }}
      />
    </>
  );
}

const TABS = ['pnl', 'depositChannels', 'withdrawals', 'registrations', 'commissions'] as const;
type Tab = (typeof TABS)[number];

/** 报表: one tab per report over a range of the platform's days, each exported whole as CSV. */
export default function ReportsPage() {
  const [search, setSearch] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as Tab) : 'pnl';
  const items = [
    {
      key: 'pnl',
      label: t.tabs.pnl,
      children: <PnlReport />,
    },
    {
      key: 'depositChannels',
      label: t.tabs.depositChannels,
      children: (
        <ReportTable
          list="adminReportDepositChannels"
          csv="adminReportDepositChannelsCsv"
          file="deposit-channels"
          columns={channelColumns}
          rowKey={(row) => row.channelId}
          summary={(answer) => {
            const totals = answer.totals as { count: number; amount: string };
            return t.totals.deposits(totals.count, truncateMoney(totals.amount));
          }}
        />
      ),
    },
    {
      key: 'withdrawals',
      label: t.tabs.withdrawals,
      children: (
        <ReportTable
          list="adminReportWithdrawals"
          csv="adminReportWithdrawalsCsv"
          file="withdrawals"
          columns={withdrawalColumns}
          rowKey={(row) => row.day}
        />
      ),
    },
    {
      key: 'registrations',
      label: t.tabs.registrations,
      children: (
        <ReportTable
          list="adminReportRegistrations"
          csv="adminReportRegistrationsCsv"
          file="registrations"
          columns={cohortColumns}
          rowKey={(row) => row.day}
        />
      ),
    },
    {
      key: 'commissions',
      label: t.tabs.commissions,
      children: (
        <ReportTable
          list="adminReportCommissions"
          csv="adminReportCommissionsCsv"
          file="agent-commissions"
          columns={commissionColumns}
          rowKey={(row) => row.period}
        />
      ),
    },
  ];
  return (
    <Page title={t.title}>
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) => setSearch({ tab: key }, { replace: true })}
        items={items}
      />
    </Page>
  );
}
