import type { DeskConversation, DeskQueue } from '@jinb/contract';
import { Badge, Card, Empty, List, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { supportMessages } from '../messages';
import { LONG_WAIT_MS, waitedMs } from './desk-queue';

const t = supportMessages.seat;

/** Who a conversation is with: the member's account, or 游客 #<guest id>. */
export function whoOf(row: Pick<DeskConversation, 'account' | 'party'>): string {
  return row.account ?? t.guest(row.party.split(':')[1] ?? '');
}

/** Re-renders every 15 s so waiting times and the long-wait highlight move on their own. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Row({
  row,
  active,
  waiting,
  now,
  onOpen,
}: {
  row: DeskConversation;
  active: boolean;
  waiting: boolean;
  now: number;
  onOpen: (id: string) => void;
}) {
  const waited = waitedMs(row, now);
  const long = waiting && waited >= LONG_WAIT_MS;
  return (
    <List.Item
      role="button"
      tabIndex={0}
      aria-label={whoOf(row)}
      aria-current={active || undefined}
      data-conversation-id={row.id}
      data-long-wait={long || undefined}
      onClick={() => onOpen(row.id)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onOpen(row.id);
      }}
      style={{
        cursor: 'pointer',
        padding: '10px 12px',
        borderRadius: 6,
        marginBottom: 4,
        background: active ? '#e6f4ff' : long ? '#fff1f0' : undefined,
        borderLeft: `3px solid ${long ? '#ff4d4f' : active ? '#1677ff' : 'transparent'}`,
      }}
    >
      <div style={{ width: '100%', minWidth: 0 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Typography.Text strong ellipsis style={{ flex: 1 }}>
            {whoOf(row)}
          </Typography.Text>
          {waiting ? (
            <Tag color={long ? 'red' : 'default'} style={{ marginInlineEnd: 0 }}>
              {long ? `${t.longWait} · ` : ''}
              {t.waited(Math.floor(waited / 60_000))}
            </Tag>
          ) : null}
          <Badge count={row.unread} size="small" />
        </div>
        <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12, marginTop: 2 }}>
          {row.lastText}
        </Typography.Text>
      </div>
    </List.Item>
  );
}

/** The queue (oldest first, long waits in red) and the agent's own conversations. */
export function QueuePanel({
  queue,
  loading,
  openId,
  onOpen,
}: {
  queue: DeskQueue | undefined;
  loading: boolean;
  openId: string | null;
  onOpen: (id: string) => void;
}) {
  const now = useNow();
  const waiting = queue?.waiting ?? [];
  const mine = queue?.mine ?? [];
  const [tab, setTab] = useState<'queue' | 'mine'>('queue');
  // The conversation on screen was just taken (by this agent): follow it to their own list.
  const openIsMine = openId !== null && mine.some((row) => row.id === openId);
  useEffect(() => {
    if (openIsMine) setTab('mine');
  }, [openIsMine]);
  const list = (rows: DeskConversation[], isQueue: boolean, empty: string) => (
    <List
      aria-label={isQueue ? t.queue : t.mine}
      loading={loading}
      dataSource={rows}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      renderItem={(row) => (
        <Row key={row.id} row={row} active={row.id === openId} waiting={isQueue} now={now} onOpen={onOpen} />
      )}
    />
  );
  return (
    <Card size="small" styles={{ body: { padding: '0 8px 8px', overflow: 'auto', flex: 1 } }} style={panelStyle}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as 'queue' | 'mine')}
        items={[
          {
            key: 'queue',
            label: (
              <span>
                {t.queue} <Badge count={waiting.length} showZero color={waiting.length ? '#ff4d4f' : '#d9d9d9'} />
              </span>
            ),
            children: list(waiting, true, t.emptyQueue),
          },
          {
            key: 'mine',
            label: (
              <span>
                {t.mine} <Badge count={mine.length} showZero color="#1677ff" />
              </span>
            ),
            children: list(mine, false, t.emptyMine),
          },
        ]}
      />
    </Card>
  );
}

export const panelStyle = { height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 } as const;
