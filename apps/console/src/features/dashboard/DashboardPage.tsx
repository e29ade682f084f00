import { StatisticCard } from '@ant-design/pro-components';
import {
  type ConsolePage,
  type DashboardQueue,
  type DashboardView,
  mayOpen,
  type ProductFigures,
} from '@jinb/contract';
import { truncateMoney } from '@jinb/money';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Result, Row, Skeleton, Table, Tag, Typography } from 'antd';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { useOperator } from '../../shared/access/access';
import { BarChart, LineChart } from '../../shared/ui/charts';
import { MoneyText } from '../../shared/ui/MoneyText';
import { Page } from '../../shared/ui/Page';
import { formatTime } from '../../shared/ui/TimeText';
import { waitedFor } from './age';
import { dashboardQuery } from './dashboard.queries';
import { dashboardMessages as t } from './messages';

/** Where each queue is worked: its console page (for the role check) and its path. */
const QUEUE_PAGES: Record<DashboardQueue, { page: ConsolePage; path: string }> = {
  deposits: { page: 'deposits', path: '/money/deposits' },
  withdrawals: { page: 'withdrawals', path: '/money/withdrawals' },
  approvals: { page: 'approvals', path: '/money/approvals' },
  claims: { page: 'activities', path: '/rewards/activities' },
  chats: { page: 'supportChat', path: '/support/chat' },
};

const COLORS = { deposits: '#389e0d', withdrawals: '#d48806', ggr: '#1677ff', members: '#722ed1', first: '#13c2c2' };

/** An amount for a chart's geometry only (see shared/ui/charts.tsx). */
const plotted = (amount: string) => Number(truncateMoney(amount));

function Figures({ view }: { view: DashboardView }) {
  const { today } = view;
  const card = (title: string, value: React.ReactNode, description?: React.ReactNode) => (
    <Col xs={24} sm={12} xl={6} xxl={6} key={title}>
      <StatisticCard
        style={{ height: '100%' }}
        statistic={{ title, valueRender: () => <span style={{ fontSize: 24 }}>{value}</span>, description }}
      />
    </Col>
  );
  return (
    <Row gutter={[16, 16]}>
      {card(t.cards.deposits, <MoneyText value={today.deposits.amount} />, t.count(today.deposits.count))}
      {card(t.cards.withdrawals, <MoneyText value={today.withdrawals.amount} />, t.count(today.withdrawals.count))}
      {card(t.cards.net, <MoneyText value={today.net} />)}
      {card(t.cards.ggr, <MoneyText value={today.ggr} />)}
      {card(t.cards.activeMembers, today.activeMembers, t.activeHint)}
      {card(t.cards.newMembers, today.newMembers)}
      {card(
        t.cards.firstDeposits,
        t.people(today.firstDeposits.count),
        t.firstDepositAmount(truncateMoney(today.firstDeposits.amount)),
      )}
    </Row>
  );
}

function Queues({ view }: { view: DashboardView }) {
  const { role } = useOperator();
  return (
    <Card title={t.queuesTitle} size="small">
      <Row gutter={[12, 12]}>
        {view.queues.map((queue) => {
          const target = QUEUE_PAGES[queue.key];
          const canOpen = mayOpen(role, target.page);
          return (
            <Col xs={24} sm={12} lg={8} xl={24 / 5} flex="1 1 0" key={queue.key}>
              <Card
                size="small"
                data-queue={queue.key}
                style={{ height: '100%', borderColor: queue.count > 0 ? '#ffd591' : undefined }}
              >
                <Typography.Text type="secondary">{t.queues[queue.key]}</Typography.Text>
                <div style={{ display: 'flex', alignItems: 'baseline', gap: 8, margin: '4px 0' }}>
                  <Badge status={queue.count > 0 ? 'warning' : 'success'} />
                  <span style={{ fontSize: 26, fontWeight: 600 }}>{queue.count}</span>
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {queue.oldestAt ? t.oldest(waitedFor(queue.oldestAt)) : t.queueEmpty}
                </Typography.Text>
                {canOpen ? (
                  <div style={{ marginTop: 6 }}>
                    <Link to={target.path}>{t.open}</Link>
                  </div>
                ) : null}
              </Card>
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}

function productName(row: ProductFigures): string {
  return row.kind === 'sports' ? t.products.sports : row.name;
}

function Products({ view }: { view: DashboardView }) {
  return (
    <Card title={t.products.title} size="small">
      <Table<ProductFigures>
        size="small"
        rowKey="product"
        pagination={false}
        dataSource={view.today.products}
        locale={{ emptyText: t.products.empty }}
        columns={[
          { title: t.products.product, render: (_, row) => productName(row) },
          { title: t.products.kind, render: (_, row) => <Tag>{t.products.kinds[row.kind]}</Tag> },
          { title: t.products.bets, dataIndex: 'bets', align: 'right' },
          { title: t.products.stake, align: 'right', render: (_, row) => <MoneyText value={row.stake} /> },
          { title: t.products.payout, align: 'right', render: (_, row) => <MoneyText value={row.payout} /> },
          { title: t.products.ggr, align: 'right', render: (_, row) => <MoneyText value={row.ggr} /> },
        ]}
      />
    </Card>
  );
}

function Charts({ view }: { view: DashboardView }) {
  const labels = view.series.map((day) => day.day);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={t.charts.money} size="small">
          <LineChart
            title={t.charts.money}
            labels={labels}
            series={[
              {
                name: t.charts.deposits,
                color: COLORS.deposits,
                values: view.series.map((day) => plotted(day.deposits)),
              },
              {
                name: t.charts.withdrawals,
                color: COLORS.withdrawals,
                values: view.series.map((day) => plotted(day.withdrawals)),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t.charts.ggr} size="small">
          <BarChart
            title={t.charts.ggr}
            labels={labels}
            series={{ name: t.charts.ggrSeries, color: COLORS.ggr, values: view.series.map((day) => plotted(day.ggr)) }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t.charts.members} size="small">
          <LineChart
            title={t.charts.members}
            labels={labels}
            series={[
              { name: t.charts.newMembers, color: COLORS.members, values: view.series.map((day) => day.newMembers) },
              {
                name: t.charts.firstDeposits,
                color: COLORS.first,
                values: view.series.map((day) => day.firstDeposits),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Products view={view} />
      </Col>
    </Row>
  );
}

/** 概览: today's money and members, the queues waiting for someone, and the last 30 days. */
export default function DashboardPage() {
  const dashboard = useQuery(dashboardQuery);
  // The figures, cards, charts and table render in a transition (in slices), not in the task the answer arrives in.
  const view = useDeferredValue(dashboard.data);
  return (
    <Page
      title={t.title}
      extra={
        view ? (
          <Typography.Text type="secondary">{t.updatedAt(formatTime(view.generatedAt).slice(11))}</Typography.Text>
        ) : null
      }
    >
      {dashboard.isError && !view ? (
        <Result
          status="error"
          title={t.loadFailed}
          subTitle={dashboard.error.message}
          extra={
            <Button type="primary" onClick={() => void dashboard.refetch()}>
              {t.retry}
            </Button>
          }
        />
      ) : view ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <Figures view={view} />
          <Queues view={view} />
          <Charts view={view} />
        </div>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Page>
  );
}
