import { useSearchParams } from 'react-router';
import { useOperator } from '../../../shared/access/access';
import { Page } from '../../../shared/ui/Page';
import { supportMessages } from '../messages';
import { ConversationPanel } from './ConversationPanel';
import { MemberPanel } from './MemberPanel';
import { QueuePanel } from './QueuePanel';
import { useDeskSeat } from './useDeskSeat';

/**
 * 在线客服: the chat seat. The queue and the agent's own conversations on the left (live over `desk`), the
 * conversation in the middle (take, reply, canned replies, transfer, close, read marks, the member typing), the
 * member beside it on the right. The open conversation is in the URL (`?c=<id>`), so a reload keeps it.
 */
export default function ChatSeatPage() {
  const operator = useOperator();
  const me = String(operator.id);
  const [params, setParams] = useSearchParams();
  const openId = params.get('c');
  const { queue, detail, typing } = useDeskSeat(me, openId);
  const shown = detail.data && detail.data.conversation.id === openId ? detail.data : undefined;
  return (
    <Page title={supportMessages.titles.chat}>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: '300px minmax(0, 1fr) 340px',
          gap: 16,
          height: 'calc(100vh - 180px)',
          minHeight: 560,
        }}
      >
        <QueuePanel
          queue={queue.data}
          loading={queue.isPending}
          openId={openId}
          onOpen={(id) => setParams(id ? { c: id } : {})}
        />
        <ConversationPanel
          key={openId ?? ''}
          detail={shown}
          loading={openId !== null && detail.isPending}
          typing={typing}
          me={me}
        />
        <MemberPanel detail={shown} />
      </div>
    </Page>
  );
}
