import { ProCard, StatisticCard } from '@ant-design/pro-components';
import type { Result } from '@jinb/contract/endpoints';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Typography } from 'antd';
import { useState } from 'react';
import { Can } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { confirmAction } from '../../shared/ui/confirmAction';
import { MoneyText } from '../../shared/ui/MoneyText';
import { Page } from '../../shared/ui/Page';
import { moneyMessages as t } from './messages';

const summaryKey = ['money', 'summary'] as const;

/** 场馆转账对账: transfers to external venues still in transit, and settling them with the venues now. */
export default function VenueReconcilePage() {
  const queryClient = useQueryClient();
  const summary = useQuery({ queryKey: summaryKey, queryFn: () => call('adminSummary', { query: {} }) });
  const [last, setLast] = useState<Result<'adminReconcile'> | null>(null);
  const day = summary.data;

  return (
    <Page
      extra={
        <Can call="adminReconcile">
          <Button
            type="primary"
            onClick={() =>
              confirmAction({
                title: t.reconcile.run,
                content: t.reconcile.runConfirm,
                action: () => call('adminReconcile'),
                success: (result) =>
                  t.reconcile.result(result.checked, result.confirmed, result.failed, result.stillPending),
                onDone: (result) => {
                  setLast(result);
                  void queryClient.invalidateQueries({ queryKey: summaryKey });
                },
              })
            }
          >
            {t.reconcile.run}
          </Button>
        </Can>
      }
    >
      <Typography.Paragraph type="secondary">{t.reconcile.intro}</Typography.Paragraph>
      {last ? (
        <Alert
          type={last.failed > 0 ? 'warning' : 'success'}
          showIcon
          style={{ marginBottom: 16 }}
          message={t.reconcile.result(last.checked, last.confirmed, last.failed, last.stillPending)}
        />
      ) : null}
      <ProCard title={`${t.reconcile.summary} ${day?.day ?? ''}`} bordered loading={!day}>
        {day ? (
          <StatisticCard.Group direction="row">
            <StatisticCard statistic={{ title: t.reconcile.pending, value: day.pending.venueTransfers }} />
            <StatisticCard
              statistic={{ title: t.reconcile.deposits, valueRender: () => <MoneyText value={day.deposits.amount} /> }}
            />
            <StatisticCard
              statistic={{
                title: t.reconcile.withdrawals,
                valueRender: () => <MoneyText value={day.withdrawals.amount} />,
              }}
            />
            <StatisticCard statistic={{ title: t.reconcile.net, valueRender: () => <MoneyText value={day.net} /> }} />
            <StatisticCard statistic={{ title: t.reconcile.pendingDeposits, value: day.pending.deposits }} />
            <StatisticCard statistic={{ title: t.reconcile.pendingWithdrawals, value: day.pending.withdrawals }} />
          </StatisticCard.Group>
        ) : null}
      </ProCard>
    </Page>
  );
}
