import { ProForm, ProFormDependency, ProFormDigit, ProFormRadio } from '@ant-design/pro-components';
import { type AdminEventView, adminLiveBody, LIVE_PHASES, type LivePhase } from '@jinb/contract/sports';
import { Alert, Button, Card, Col, Form, Row, Space, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Can, useCan } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { submitChecked } from '../../shared/form/zod-form';
import { antdApi } from '../../shared/ui/antd-app';
import { confirmAction } from '../../shared/ui/confirmAction';
import { Page } from '../../shared/ui/Page';
import { EVENT_STATUS_COLORS } from './EventsPage';
import { EventSwitchButton, useRouteEvent } from './event-shared';
import { MarketsTab } from './MarketsTab';
import { tradingMessages as t } from './messages';
import { ResultForm } from './ResultForm';

type Values = { home?: number; away?: number; minute?: number; phase?: LivePhase };

/** What the operator is about to do, so the page asks first where it matters: the half ending, a goal, the clock. */
export function liveChange(event: AdminEventView, values: Values): 'halfTime' | 'scored' | 'clock' {
  const phaseBefore = event.phase ?? '1h';
  if (values.phase && values.phase !== '1h' && phaseBefore === '1h') return 'halfTime';
  if (values.home !== event.score?.home || values.away !== event.score?.away) return 'scored';
  return 'clock';
}

/** The form's values as the live call's body; the phase only for the sports that have halves. */
export function liveBodyOf(event: AdminEventView, values: Values) {
  return {
    home: values.home,
    away: values.away,
    minute: values.minute,
    ...(event.sport !== 'tennis' && values.phase ? { phase: values.phase } : {}),
  };
}

function Scoreboard({ event }: { event: AdminEventView }) {
  const count = (status: string) => event.markets.filter((market) => market.status === status).length;
  const started = event.status !== 'scheduled';
  return (
    <Card size="small" title={t.feed.scoreboard} style={{ height: '100%' }}>
      <Row gutter={16} align="middle">
        <Col span={9} style={{ textAlign: 'right' }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {event.home}
          </Typography.Title>
        </Col>
        <Col span={6} style={{ textAlign: 'center' }}>
          <Typography.Title
            level={2}
            style={{ margin: 0, fontVariantNumeric: 'tabular-nums' }}
            data-testid="feed-score"
          >
            {event.score ? `${event.score.home} : ${event.score.away}` : '- : -'}
          </Typography.Title>
        </Col>
        <Col span={9}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {event.away}
          </Typography.Title>
        </Col>
      </Row>
      <Row gutter={16} style={{ marginTop: 24 }}>
        <Col span={8}>
          <Statistic
            title={event.sport === 'tennis' ? t.feed.games : t.feed.minute}
            value={started && event.minute !== null && event.minute !== undefined ? event.minute : '-'}
          />
        </Col>
        <Col span={8}>
          <Statistic
            title={t.feed.phase}
            value={started ? (event.phase ? t.feed.phases[event.phase] : '-') : t.feed.notStarted}
          />
        </Col>
        <Col span={8}>
          <Statistic
            title={t.feed.halfTime}
            value={event.halfTime ? `${event.halfTime.home} : ${event.halfTime.away}` : '-'}
          />
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t.feed.markets(count('open'), count('suspended'), count('closed'))}
      </Typography.Paragraph>
    </Card>
  );
}

/** The kick-off, or the score, clock and phase form of a match in play. */
function LiveControls({ event, onDone }: { event: AdminEventView; onDone: (view: AdminEventView) => void }) {
  const [form] = Form.useForm<Values>();
  const tennis = event.sport === 'tennis';
  const send = (body: z.input<typeof adminLiveBody>) =>
    call('adminSportsEventLive', { params: { id: event.id }, body });

  if (event.status === 'scheduled')
    return (
      <Button
        type="primary"
        size="large"
        onClick={() =>
          confirmAction({
            title: t.feed.kickoffTitle,
            content: t.feed.kickoffText,
            action: () => send({ home: 0, away: 0, minute: 0, ...(tennis ? {} : { phase: '1h' as const }) }),
            success: t.feed.kickedOff,
            onDone,
          })
        }
      >
        {t.feed.kickoff}
      </Button>
    );

  const phaseBefore = event.phase ?? '1h';
  const initial: Values = {
    home: event.score?.home ?? 0,
    away: event.score?.away ?? 0,
    minute: event.minute ?? 0,
    ...(tennis ? {} : { phase: phaseBefore }),
  };
  const bump = (side: 'home' | 'away') => form.setFieldValue(side, (form.getFieldValue(side) ?? 0) + 1);

  return (
    <ProForm<Values>
      form={form}
      name="live"
      layout="vertical"
      initialValues={initial}
      submitter={{
        searchConfig: { submitText: t.feed.update },
        resetButtonProps: false,
        render: (_, buttons) => (
          <Space wrap>
            {buttons}
            <Button onClick={() => bump('home')}>{t.feed.goalHome}</Button>
            <Button onClick={() => bump('away')}>{t.feed.goalAway}</Button>
          </Space>
        ),
      }}
      onFinish={(values) =>
        submitChecked(form, adminLiveBody, liveBodyOf(event, values) as z.input<typeof adminLiveBody>, async (body) => {
          const change = liveChange(event, values);
          if (change === 'clock') {
            onDone(await send(body));
            void antdApi().message.success(t.feed.updated);
            return;
          }
          const score = `${values.home} : ${values.away}`;
          await confirmAction({
            title: change === 'halfTime' ? t.feed.halfTimeTitle : t.feed.updateTitle,
            content: change === 'halfTime' ? t.feed.halfTimeText(score) : t.feed.scoredText,
            danger: true,
            action: () => send(body),
            success: t.feed.updated,
            onDone,
          });
        })
      }
    >
      <ProForm.Group>
        <ProFormDigit
          name="home"
          label={tennis ? `${t.feed.homeScore(event.home)} ${t.feed.setsWon}` : t.feed.homeScore(event.home)}
          min={0}
          max={999}
          width="sm"
          fieldProps={{ precision: 0 }}
        />
        <ProFormDigit
          name="away"
          label={tennis ? `${t.feed.awayScore(event.away)} ${t.feed.setsWon}` : t.feed.awayScore(event.away)}
          min={0}
          max={999}
          width="sm"
          fieldProps={{ precision: 0 }}
        />
        <ProFormDigit
          name="minute"
          label={tennis ? t.feed.games : t.feed.minute}
          min={0}
          max={200}
          width="xs"
          fieldProps={{ precision: 0 }}
        />
      </ProForm.Group>
      {tennis ? null : (
        <ProFormDependency name={['phase']}>
          {() => (
            <ProFormRadio.Group
              name="phase"
              label={t.feed.phase}
              radioType="button"
              options={LIVE_PHASES.map((value) => ({
                value,
                label: t.feed.phases[value],
                // A half never comes back: the book has closed its markets.
                disabled: LIVE_PHASES.indexOf(value) < LIVE_PHASES.indexOf(phaseBefore),
              }))}
            />
          )}
        </ProFormDependency>
      )}
    </ProForm>
  );
}

/**
 * 现场控制: the manual feed of one event. Kick it off, then keep its score, clock and phase (half time closes the
 * first-half markets), suspend or resume every market at once, reprice and reopen markets after a goal (the markets
 * table of the event page), and post the result at the final whistle. Every
 * change that suspends, closes or settles is asked first; a refusal shows the server's message.
 */
export default function FeedPage() {
  const can = useCan();
  const { id, placeholder, event: data, refresh, took } = useRouteEvent();
  if (!data) return placeholder;
  const running = data.status === 'scheduled' || data.status === 'live' || data.status === 'suspended';
  const anyOpen = data.markets.some((market) => market.status === 'open');
  const anySuspended = data.markets.some((market) => market.status === 'suspended') || data.status === 'suspended';

  const actions = running
    ? [
        <EventSwitchButton
          key="suspend"
          id={id}
          to="suspend"
          label={t.feed.suspendAll}
          danger
          disabled={!anyOpen && data.status !== 'live'}
          onDone={took}
        />,
        <EventSwitchButton
          key="resume"
          id={id}
          to="resume"
          label={t.feed.resumeAll}
          disabled={!anySuspended}
          onDone={took}
        />,
        data.status !== 'scheduled' ? (
          <Can key="result" call="adminSportsEventResult">
            <ResultForm event={data} onDone={refresh} />
          </Can>
        ) : null,
      ]
    : [];

  return (
    <Page
      title={`${t.titles.feed} · ${data.home} vs ${data.away}`}
      subTitle={<Link to={`/trading/events/${id}`}>{t.feed.back}</Link>}
      tags={<Tag color={EVENT_STATUS_COLORS[data.status]}>{t.eventStatus[data.status]}</Tag>}
      extra={<Space wrap>{actions}</Space>}
    >
      <Row gutter={16}>
        <Col xs={24} xl={10}>
          <Scoreboard event={data} />
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small" title={t.feed.update} style={{ height: '100%' }}>
            {!running ? (
              <Alert type="info" showIcon message={t.feed.closed} />
            ) : can('adminSportsEventLive') ? (
              <LiveControls key={data.version} event={data} onDone={took} />
            ) : (
              <Typography.Text type="secondary">{t.feed.readOnly}</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t.event.tabs.markets} style={{ marginTop: 16 }}>
        <MarketsTab event={data} onDone={refresh} />
      </Card>
    </Page>
  );
}
