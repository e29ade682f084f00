import type { DeskConversationDetail, DeskMemberContext } from '@jinb/contract';
import { Card, Descriptions, Empty, Rate, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { MoneyText } from '../../../shared/ui/MoneyText';
import { TimeText } from '../../../shared/ui/TimeText';
import { supportMessages } from '../messages';
import { panelStyle } from './QueuePanel';

const t = supportMessages.member;

type MoneyRow = DeskMemberContext['deposits'][number];

function MoneyTable({ title, rows }: { title: string; rows: MoneyRow[] }) {
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {title}
      </Typography.Title>
      <Table<MoneyRow>
        aria-label={title}
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t.empty }}
        columns={[
          { title: t.orderNo, dataIndex: 'orderNo', ellipsis: true },
          {
            title: t.amount,
            dataIndex: 'amount',
            align: 'right',
            render: (value: string) => <MoneyText value={value} />,
          },
          {
            title: t.status,
            dataIndex: 'status',
            render: (value: string) => <Tag>{t.moneyStatus[value] ?? value}</Tag>,
          },
        ]}
      />
    </>
  );
}

/** The member beside the chat: account, VIP, balance, latest 充值 and 提现, and the rating once given. */
export function MemberPanel({ detail }: { detail: DeskConversationDetail | undefined }) {
  const member = detail?.member;
  const conversation = detail?.conversation;
  return (
    <Card size="small" title={t.title} style={panelStyle} styles={{ body: { overflow: 'auto', flex: 1 } }}>
      {!detail ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.none} />
      ) : member ? (
        <section aria-label={t.title}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t.account}>
              <Link to={`/members/${member.memberId}`}>{member.account}</Link>
            </Descriptions.Item>
            <Descriptions.Item label={t.nickname}>{member.nickname || '-'}</Descriptions.Item>
            <Descriptions.Item label={t.vip}>
              <Tag color="gold">VIP{member.vipLevel}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t.balance}>
              <MoneyText value={member.balance} />
            </Descriptions.Item>
            <Descriptions.Item label={t.registered}>
              <TimeText value={member.registeredAt} />
            </Descriptions.Item>
          </Descriptions>
          <MoneyTable title={t.deposits} rows={member.deposits} />
          <MoneyTable title={t.withdrawals} rows={member.withdrawals} />
        </section>
      ) : (
        <Typography.Paragraph type="secondary">{t.guest}</Typography.Paragraph>
      )}
      {conversation?.status === 'closed' ? (
        <div style={{ marginTop: 16 }}>
          <Typography.Title level={5}>{t.rating}</Typography.Title>
          {conversation.rating === null ? (
            <Typography.Text type="secondary">{t.noRating}</Typography.Text>
          ) : (
            <section aria-label={t.rating}>
              <Rate disabled value={conversation.rating} />
              <Typography.Text style={{ marginInlineStart: 8 }}>{t.stars(conversation.rating)}</Typography.Text>
              {conversation.comment ? <Typography.Paragraph>{conversation.comment}</Typography.Paragraph> : null}
            </section>
          )}
        </div>
      ) : null}
    </Card>
  );
}
