import type { ChatMessage, DeskAgent, DeskConversation, DeskConversationDetail } from '@jinb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Image, Input, Popconfirm, Select, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Can } from '../../../shared/access/access';
import { ConsoleApiError, call } from '../../../shared/api/call';
import { formatTime } from '../../../shared/ui/TimeText';
import { supportMessages } from '../messages';
import { cannedQuery, deskAgentsQuery, supportKeys } from '../support.queries';
import { mergeMessage } from './desk-queue';
import { panelStyle, whoOf } from './QueuePanel';
import { useAgentTyping } from './useAgentTyping';

const t = supportMessages.seat;

const STATUS_COLOR = { waiting: 'orange', open: 'green', closed: 'default' } as const;

/** A message id the server dedupes on: a retried send stores nothing new. */
function clientId(): string {
  return `c${Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function Bubble({ message, conversation }: { message: ChatMessage; conversation: DeskConversation }) {
  if (message.from === 'system')
    return (
      <li data-from="system" data-seq={message.seq} style={{ textAlign: 'center', margin: '8px 0' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {message.text}
        </Typography.Text>
      </li>
    );
  const ours = message.from === 'agent';
  const read = ours && conversation.memberSeenSeq >= message.seq;
  const author = ours ? (message.agentName ?? t.agentFallback) : t.from[message.from];
  return (
    <li
      data-from={message.from}
      data-seq={message.seq}
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: ours ? 'flex-end' : 'flex-start',
        margin: '10px 0',
      }}
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {author} {formatTime(message.createdAt).slice(11, 16)}
      </Typography.Text>
      <div
        style={{
          maxWidth: '72%',
          marginTop: 2,
          padding: '8px 12px',
          borderRadius: 8,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          background: ours ? '#1677ff' : message.from === 'bot' ? '#f6ffed' : '#f5f5f5',
          color: ours ? '#fff' : undefined,
          border: message.from === 'bot' ? '1px solid #b7eb8f' : undefined,
        }}
      >
        {message.kind === 'image' && message.image ? (
          <Image src={message.image} alt={t.image} width={180} />
        ) : (
          message.text
        )}
      </div>
      {message.article ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t.fromArticle(message.article.title)}
        </Typography.Text>
      ) : null}
      {ours ? (
        <Typography.Text type={read ? 'secondary' : 'warning'} style={{ fontSize: 12 }} data-read={read}>
          {read ? t.read : t.unread}
        </Typography.Text>
      ) : null}
    </li>
  );
}

/** The transfer picker: every other agent, online ones first. */
function TransferControl({ conversation, me }: { conversation: DeskConversation; me: string }) {
  const client = useQueryClient();
  const agents = useQuery(deskAgentsQuery);
  const [target, setTarget] = useState<string>();
  const transfer = useMutation({
    mutationFn: (operatorId: string) =>
      call('adminSupportTransfer', { params: { id: conversation.id }, body: { operatorId } }),
    onSuccess: () => {
      setTarget(undefined);
      void client.invalidateQueries({ queryKey: supportKeys.all });
    },
  });
  const others = [...(agents.data ?? [])]
    .filter((agent: DeskAgent) => agent.id !== me)
    .sort((a, b) => Number(b.online) - Number(a.online));
  return (
    <>
      <Space.Compact>
        <Select
          aria-label={t.transferTo}
          placeholder={t.transferTo}
          style={{ width: 200 }}
          value={target}
          onChange={setTarget}
          onFocus={() => void agents.refetch()}
          disabled={conversation.status === 'closed'}
          options={others.map((agent) => ({
            value: agent.id,
            label: t.agentOption(agent.name, agent.account, agent.online),
          }))}
        />
        <Button
          disabled={!target || conversation.status === 'closed'}
          loading={transfer.isPending}
          onClick={() => target && transfer.mutate(target)}
        >
          {t.transfer}
        </Button>
      </Space.Compact>
      {transfer.error ? <ErrorNote error={transfer.error} /> : null}
    </>
  );
}

function ErrorNote({ error }: { error: unknown }) {
  return (
    <Typography.Text type="danger" role="alert" style={{ marginInlineStart: 8 }}>
      {error instanceof ConsoleApiError ? error.message : String(error)}
    </Typography.Text>
  );
}

/** The conversation on screen: who, where it stands, the messages, and the agent's reply box. */
export function ConversationPanel({
  detail,
  loading,
  typing,
  me,
}: {
  detail: DeskConversationDetail | undefined;
  loading: boolean;
  typing: boolean;
  me: string;
}) {
  const client = useQueryClient();
  const canned = useQuery(cannedQuery);
  const [text, setText] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const conversation = detail?.conversation;
  const id = conversation?.id ?? '';
  const key = supportKeys.conversation(id);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: key });
    void client.invalidateQueries({ queryKey: supportKeys.queue() });
  };
  const take = useMutation({ mutationFn: () => call('adminSupportTake', { params: { id } }), onSuccess: refresh });
  const close = useMutation({ mutationFn: () => call('adminSupportClose', { params: { id } }), onSuccess: refresh });
  const send = useMutation({
    mutationFn: (body: { text: string; clientId: string }) => call('adminSupportSend', { params: { id }, body }),
    onSuccess: (message) => {
      setText('');
      const current = client.getQueryData<DeskConversationDetail>(key);
      if (current) {
        const merged = mergeMessage(current.messages, message);
        client.setQueryData(key, { ...current, messages: merged.messages });
        // Sending in a waiting conversation takes it: read who has it (and the note) again.
        if (merged.gap || current.conversation.status === 'waiting') refresh();
      }
      void client.invalidateQueries({ queryKey: supportKeys.queue() });
    },
  });

  const typed = useAgentTyping(id, conversation?.status === 'open' && conversation.operatorId === me);

  // A new message at the bottom (the panel is mounted again for each conversation): scroll to the newest.
  const count = detail?.messages.length ?? 0;
  useEffect(() => {
    const node = list.current;
    if (node && count >= 0) node.scrollTop = node.scrollHeight;
  }, [count]);

  if (!conversation)
    return (
      <Card size="small" style={panelStyle} styles={{ body: { flex: 1, display: 'grid', placeItems: 'center' } }}>
        {loading ? <Spin /> : <Empty description={t.pickOne} />}
      </Card>
    );

  const closed = conversation.status === 'closed';
  const mine = conversation.status === 'open' && conversation.operatorId === me;
  const statusText =
    conversation.status === 'open' && !mine && conversation.agentName
      ? t.withAgent(conversation.agentName)
      : t.status[conversation.status];
  const submit = () => {
    const value = text.trim();
    if (value && !send.isPending) send.mutate({ text: value, clientId: clientId() });
  };
  const error = take.error ?? close.error ?? send.error;

  return (
    <Card
      size="small"
      style={panelStyle}
      aria-label={whoOf(conversation)}
      data-conversation-id={conversation.id}
      data-status={conversation.status}
      title={
        <Space>
          <Typography.Text strong>{whoOf(conversation)}</Typography.Text>
          <Tag color={STATUS_COLOR[conversation.status]}>{statusText}</Tag>
        </Space>
      }
      styles={{ body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0, padding: 0 } }}
    >
      <div style={{ padding: '8px 16px', borderBottom: '1px solid #f0f0f0' }}>
        <Space wrap>
          {conversation.status === 'waiting' ? (
            <Can call="adminSupportTake">
              <Button type="primary" loading={take.isPending} onClick={() => take.mutate()}>
                {t.take}
              </Button>
            </Can>
          ) : null}
          <Can call="adminSupportTransfer">
            <TransferControl conversation={conversation} me={me} />
          </Can>
          <Can call="adminSupportClose">
            <Popconfirm
              title={t.closeConfirm}
              okText={t.ok}
              cancelText={t.cancel}
              disabled={closed}
              onConfirm={() => close.mutateAsync().catch(() => undefined)}
            >
              <Button danger disabled={closed} loading={close.isPending}>
                {t.close}
              </Button>
            </Popconfirm>
          </Can>
        </Space>
      </div>
      <ul
        ref={list}
        aria-label={supportMessages.titles.chat}
        style={{ listStyle: 'none', margin: 0, padding: '4px 16px', flex: 1, overflowY: 'auto', minHeight: 0 }}
      >
        {detail.messages.map((message) => (
          <Bubble key={message.seq} message={message} conversation={conversation} />
        ))}
      </ul>
      <div style={{ minHeight: 22, padding: '0 16px' }}>
        {typing ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.typing}
          </Typography.Text>
        ) : null}
      </div>
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={error instanceof ConsoleApiError ? error.message : String(error)}
          style={{ margin: '0 16px 8px' }}
        />
      ) : null}
      <Can call="adminSupportSend">
        <div style={{ borderTop: '1px solid #f0f0f0', padding: 12 }}>
          <Select
            aria-label={t.canned}
            placeholder={t.canned}
            value={null}
            disabled={closed}
            style={{ width: 220, marginBottom: 8 }}
            options={(canned.data ?? []).map((reply) => ({ value: reply.id, label: reply.title }))}
            onChange={(value) => {
              const reply = canned.data?.find((one) => one.id === value);
              if (reply) setText((before) => `${before}${reply.text}`);
            }}
          />
          <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
            <Input.TextArea
              aria-label={t.inputPlaceholder}
              placeholder={t.inputPlaceholder}
              value={text}
              disabled={closed}
              maxLength={1000}
              autoSize={{ minRows: 2, maxRows: 5 }}
              onChange={(event) => {
                setText(event.target.value);
                if (event.target.value) typed();
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  submit();
                }
              }}
            />
            <Button type="primary" onClick={submit} loading={send.isPending} disabled={closed || !text.trim()}>
              {t.send}
            </Button>
          </div>
        </div>
      </Can>
    </Card>
  );
}
