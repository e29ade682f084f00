import { Button, Empty, Space, Table, Tag } from 'antd';
import { Can } from '../access/access';
import { confirmAction } from './confirmAction';
import { uiMessages } from './messages';
import { TimeText } from './TimeText';

/** A signed-in operator session as the console lists it; `current` marks the one this browser uses. */
export type SessionRow = {
  id: string;
  device: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  current?: boolean;
};

/**
 * An operator's sessions (device, address, when opened, last request), each with 结束 behind a confirmation: the
 * operator's own in 我的安全, another operator's in 操作员管理. The session in use has no 结束 (it would sign this
 * browser out mid-click): the operator signs out instead.
 */
export function SessionsTable<R extends SessionRow, Ended>({
  rows,
  loading,
  emptyText,
  endAccess,
  endTitle,
  end,
  ended,
  onEnded,
}: {
  rows: R[];
  loading: boolean;
  emptyText?: string;
  /** The call that ends another operator's session, so a role that may not make it sees no button (one's own
   * sessions any operator may end). */
  endAccess?: string;
  endTitle: string;
  end: (row: R) => Promise<Ended>;
  ended: string | ((result: Ended) => string);
  onEnded: () => void;
}) {
  return (
    <Table<R>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={rows}
      pagination={false}
      locale={emptyText ? { emptyText: <Empty description={emptyText} /> } : undefined}
      columns={[
        {
          title: uiMessages.sessions.device,
          dataIndex: 'device',
          ellipsis: true,
          render: (value: string, row) => (
            <Space size={6}>
              {row.current ? <Tag color="blue">{uiMessages.sessions.current}</Tag> : null}
              <span>{value || '-'}</span>
            </Space>
          ),
        },
        { title: uiMessages.sessions.ip, dataIndex: 'ip', width: 140 },
        {
          title: uiMessages.sessions.createdAt,
          dataIndex: 'createdAt',
          width: 170,
          render: (value: string) => <TimeText value={value} />,
        },
        {
          title: uiMessages.sessions.lastSeenAt,
          dataIndex: 'lastSeenAt',
          width: 170,
          render: (value: string) => <TimeText value={value} />,
        },
        {
          title: '',
          key: 'end',
          width: 80,
          render: (_, row) => {
            if (row.current) return null;
            const button = (
              <Button
                type="link"
                danger
                size="small"
                onClick={() =>
                  confirmAction({
                    title: endTitle,
                    danger: true,
                    action: () => end(row),
                    success: ended,
                    onDone: onEnded,
                  })
                }
              >
                {uiMessages.sessions.end}
              </Button>
            );
            return endAccess ? <Can call={endAccess}>{button}</Can> : button;
          },
        },
      ]}
    />
  );
}
