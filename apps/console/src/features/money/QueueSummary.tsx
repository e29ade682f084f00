import type { MoneyQueue } from '@jinb/contract';
import { Badge, Space, Typography } from 'antd';
import { TimeText } from '../../shared/ui/TimeText';
import { moneyMessages as t } from './messages';
import type { MoneyQueues } from './useMoneyQueues';

/** The page's queue at a glance: how many wait, since when the oldest, and that the list is live. */
export function QueueSummary({ queues, queue }: { queues: MoneyQueues | null; queue: MoneyQueue }) {
  const one = queues?.queues[queue];
  return (
    <Space size="large" wrap>
      <Badge status="processing" text={`${t.common.live} · ${t.common.liveHint}`} />
      <Typography.Text>
        {t.common.waiting}:{' '}
        <Typography.Text strong data-testid={`queue-${queue}`}>
          {one?.count ?? '-'}
        </Typography.Text>
      </Typography.Text>
      {one?.oldestAt ? (
        <Typography.Text type="secondary">
          {t.common.oldest}: <TimeText value={one.oldestAt} />
        </Typography.Text>
      ) : null}
    </Space>
  );
}
