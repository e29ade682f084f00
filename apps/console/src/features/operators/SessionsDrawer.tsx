import type { OperatorRow } from '@jinb/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, Table } from 'antd';
import { Can } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { confirmAction } from '../../shared/ui/confirmAction';
import { TimeText } from '../../shared/ui/TimeText';
import { operatorsMessages as t } from './messages';

/** An operator's live sessions (device, address, when opened, last request): end one, or all of them. */
export function SessionsDrawer(props: { operator: OperatorRow | null; onClose: () => void; onChanged: () => void }) {
  const { operator } = props;
  const client = useQueryClient();
  const key = ['adminOperatorSessions', operator?.id];
  const sessions = useQuery({
    queryKey: key,
    queryFn: () => call('adminOperatorSessions', { params: { id: operator?.id ?? '' } }),
    enabled: operator !== null,
  });
  const changed = () => {
    void client.invalidateQueries({ queryKey: key });
    props.onChanged();
  };

  return (
    <Drawer
      open={operator !== null}
      onClose={props.onClose}
      width={760}
      title={operator ? t.sessions.title(operator.account) : ''}
      extra={
        operator ? (
          <Can call="adminRevokeOperatorSessions">
            <Button
              danger
              disabled={!sessions.data?.total}
              onClick={() =>
                confirmAction({
                  title: t.sessions.endAllTitle(operator.account),
                  danger: true,
                  action: () => call('adminRevokeOperatorSessions', { params: { id: operator.id } }),
                  success: (result) => t.sessions.ended(result.ended),
                  onDone: changed,
                })
              }
            >
              {t.sessions.endAll}
            </Button>
          </Can>
        ) : null
      }
    >
      <Table
        rowKey="id"
        size="middle"
        loading={sessions.isLoading}
        dataSource={sessions.data?.rows ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t.sessions.none} /> }}
        columns={[
          { title: t.sessions.device, dataIndex: 'device', ellipsis: true },
          { title: t.sessions.ip, dataIndex: 'ip', width: 130 },
          {
            title: t.sessions.createdAt,
            dataIndex: 'createdAt',
            width: 160,
            render: (value: string) => <TimeText value={value} />,
          },
          {
            title: t.sessions.lastSeenAt,
            dataIndex: 'lastSeenAt',
            width: 160,
            render: (value: string) => <TimeText value={value} />,
          },
          {
            title: '',
            key: 'end',
            width: 70,
            render: (_, row) =>
              operator ? (
                <Can call="adminOperatorSessionRevoke">
                  <Button
                    type="link"
                    danger
                    size="small"
                    onClick={() =>
                      confirmAction({
                        title: t.sessions.endTitle,
                        danger: true,
                        action: () =>
                          call('adminOperatorSessionRevoke', { params: { id: operator.id, sessionId: row.id } }),
                        success: (result) => t.sessions.ended(result.ended),
                        onDone: changed,
                      })
                    }
                  >
                    {t.sessions.end}
                  </Button>
                </Can>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
}
