import { ProDescriptions } from '@ant-design/pro-components';
import { Button, Card, Space, Tabs, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { Can } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { Page } from '../../shared/ui/Page';
import { ReasonAction } from '../../shared/ui/ReasonAction';
import { TimeText } from '../../shared/ui/TimeText';
import { AddMarketForm } from './AddMarketForm';
import { EventBetsTab } from './EventBetsTab';
import { EVENT_STATUS_COLORS } from './EventsPage';
import { EventSwitchButton, useRouteEvent } from './event-shared';
import { LiabilityTab } from './LiabilityTab';
import { MarketsTab } from './MarketsTab';
import { tradingMessages as t } from './messages';
import { ResultForm } from './ResultForm';

/** The feed name of events operators run by hand (the server's MANUAL_FEED): only those take a live score here. */
const MANUAL_FEED = 'manual';

/**
 * 赛事详情: one event on the trading desk, polled every 5 s: suspend or resume it, post or correct its result, cancel
 * it; its markets (prices, suspend, resume, void), the liability per selection against its cap, and its bets.
 */
export default function EventPage() {
  const navigate = useNavigate();
  const { id, placeholder, event: data, refresh, took } = useRouteEvent();
  if (!data) return placeholder;
  const closed = data.status === 'settled' || data.status === 'cancelled';
  const running = data.status === 'scheduled' || data.status === 'live' || data.status === 'suspended';

  const actions = [
    running && data.feed === MANUAL_FEED ? (
      <Can key="feed" call="adminSportsEventLive">
        <Button type="primary" onClick={() => navigate(`/trading/events/${id}/feed`)}>
          {t.feed.open}
        </Button>
      </Can>
    ) : null,
    data.status === 'scheduled' ? (
      <Can key="add-market" call="adminSportsAddMarkets">
        <AddMarketForm event={data} onDone={refresh} />
      </Can>
    ) : null,
    running && data.status !== 'suspended' ? (
      <EventSwitchButton key="suspend" id={id} to="suspend" label={t.event.suspend} onDone={took} />
    ) : null,
    running ? <EventSwitchButton key="resume" id={id} to="resume" label={t.event.resume} onDone={took} /> : null,
    data.status !== 'cancelled' ? (
      <Can key="result" call="adminSportsEventResult">
        <ResultForm event={data} onDone={refresh} />
      </Can>
    ) : null,
    !closed ? (
      <Can key="cancel" call="adminSportsEventCancel">
        <ReasonAction
          trigger="button"
          label={t.event.cancel}
          title={`${t.event.cancelTitle} · ${data.home} vs ${data.away}`}
          send={(reason) => call('adminSportsEventCancel', { params: { id }, body: { reason } })}
          done={t.event.cancelled}
          onDone={refresh}
        />
      </Can>
    ) : null,
  ].filter(Boolean);

  return (
    <Page
      title={`${data.home} vs ${data.away}`}
      subTitle={<Link to="/trading/events">{t.event.back}</Link>}
      tags={<Tag color={EVENT_STATUS_COLORS[data.status]}>{t.eventStatus[data.status]}</Tag>}
      extra={<Space wrap>{actions}</Space>}
    >
      <Card size="small" style={{ marginBottom: 16 }}>
        <ProDescriptions column={4} size="small">
          <ProDescriptions.Item label={t.events.sport}>{t.sports[data.sport]}</ProDescriptions.Item>
          <ProDescriptions.Item label={t.events.competition}>{data.competition.name}</ProDescriptions.Item>
          <ProDescriptions.Item label={t.event.kickoff}>
            <TimeText value={data.startTime} />
          </ProDescriptions.Item>
          <ProDescriptions.Item label={t.events.score}>
            <Space>
              {data.score ? `${data.score.home} : ${data.score.away}` : '-'}
              {data.minute !== null && data.minute !== undefined ? `${data.minute}'` : null}
              <Typography.Text type="secondary">{t.event.resultVersion(data.resultVersion)}</Typography.Text>
            </Space>
          </ProDescriptions.Item>
          <ProDescriptions.Item label={t.events.id}>{data.id}</ProDescriptions.Item>
          <ProDescriptions.Item label={t.events.feed}>
            {data.feed === 'manual' ? t.events.manual : data.feed}
          </ProDescriptions.Item>
          <ProDescriptions.Item label={t.events.markets}>{data.markets.length}</ProDescriptions.Item>
          <ProDescriptions.Item label="">
            <Typography.Text type="secondary">{t.event.refresh}</Typography.Text>
          </ProDescriptions.Item>
        </ProDescriptions>
      </Card>
      <Card size="small">
        <Tabs
          items={[
            { key: 'markets', label: t.event.tabs.markets, children: <MarketsTab event={data} onDone={refresh} /> },
            { key: 'liability', label: t.event.tabs.liability, children: <LiabilityTab eventId={id} /> },
            { key: 'bets', label: t.event.tabs.bets, children: <EventBetsTab eventId={id} /> },
          ]}
        />
      </Card>
    </Page>
  );
}
