import type { OperatorRow } from '@jinb/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer } from 'antd';
import { Can } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { confirmAction } from '../../shared/ui/confirmAction';
import { SessionsTable } from '../../shared/ui/SessionsTable';
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
      <SessionsTable
        rows={sessions.data?.rows ?? []}
        loading={sessions.isLoading}
        emptyText={t.sessions.none}
        endAccess="adminOperatorSessionRevoke"
        endTitle={t.sessions.endTitle}
        end={(row) => call('adminOperatorSessionRevoke', { params: { id: operator?.id ?? '', sessionId: row.id } })}
        ended={(result) => t.sessions.ended(result.ended)}
        onEnded={changed}
      />
    </Drawer>
  );
}
