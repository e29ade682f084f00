import type { MarketStatus } from '@jinb/contract';
import type { AdminEventView } from '@jinb/contract/sports';
import { Button, Empty, Space, Table, Tag, Typography } from 'antd';
import { Can } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { confirmAction } from '../../shared/ui/confirmAction';
import { ReasonAction } from '../../shared/ui/ReasonAction';
import { marketLabel, sideLabel } from './labels';
import { tradingMessages as t } from './messages';
import { PricesForm } from './PricesForm';

type Market = AdminEventView['markets'][number];

const MARKET_COLORS: Record<MarketStatus, string> = {
  open: 'green',
  suspended: 'orange',
  closed: 'default',
  settled: 'default',
  void: 'red',
};

/** The event's markets, each with its prices and outcome, and the trader's buttons for it. */
export function MarketsTab({ event, onDone }: { event: AdminEventView; onDone: () => void }) {
  if (event.markets.length === 0) return <Empty description={t.markets.empty} />;
  const live = (market: Market) => market.status === 'open' || market.status === 'suspended';
  return (
    <Table<Market>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={event.markets}
      columns={[
        { title: t.markets.market, key: 'market', width: 200, render: (_, market) => marketLabel(market) },
        {
          title: t.markets.status,
          dataIndex: 'status',
          width: 100,
          render: (_, market) => (
            <Tag color={MARKET_COLORS[market.status]} data-testid={`market-status-${market.id}`}>
              {t.marketStatus[market.status]}
            </Tag>
          ),
        },
        {
          title: t.markets.selections,
          key: 'selections',
          render: (_, market) => (
            <Space wrap size={[12, 4]}>
              {market.selections.map((selection) => (
                <span key={selection.id} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  <Typography.Text type="secondary">{sideLabel(selection.side)} </Typography.Text>
                  <Typography.Text strong>{selection.odds}</Typography.Text>
                  {selection.outcome ? (
                    <Tag style={{ marginLeft: 4 }}>{t.outcomes[selection.outcome] ?? selection.outcome}</Tag>
                  ) : null}
                </span>
              ))}
            </Space>
          ),
        },
        {
          title: t.markets.actions,
          key: 'actions',
          width: 260,
          render: (_, market) =>
            live(market) ? (
              <Space size={0}>
                {market.status === 'open' ? (
                  <Can call="adminSportsMarketSuspend">
                    <Button
                      size="small"
                      type="link"
                      onClick={() =>
                        confirmAction({
                          title: `${t.markets.suspendTitle} ${marketLabel(market)}`,
                          danger: true,
                          action: () => call('adminSportsMarketSuspend', { params: { id: market.id } }),
                          success: t.markets.done,
                          onDone,
                        })
                      }
                    >
                      {t.markets.suspend}
                    </Button>
                  </Can>
                ) : (
                  <Can call="adminSportsMarketResume">
                    <Button
                      size="small"
                      type="link"
                      onClick={() =>
                        confirmAction({
                          title: `${t.markets.resumeTitle} ${marketLabel(market)}`,
                          action: () => call('adminSportsMarketResume', { params: { id: market.id } }),
                          success: t.markets.done,
                          onDone,
                        })
                      }
                    >
                      {t.markets.resume}
                    </Button>
                  </Can>
                )}
                <Can call="adminSportsMarketPrices">
                  <PricesForm market={market} onDone={onDone} />
                </Can>
                <Can call="adminSportsMarketVoid">
                  <ReasonAction
                    trigger="small-button"
                    label={t.markets.void}
                    title={`${t.markets.voidTitle} · ${marketLabel(market)}`}
                    send={(reason) => call('adminSportsMarketVoid', { params: { id: market.id }, body: { reason } })}
                    done={t.markets.voided}
                    onDone={onDone}
                  />
                </Can>
              </Space>
            ) : null,
        },
      ]}
    />
  );
}
