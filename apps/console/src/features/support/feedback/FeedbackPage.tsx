import { type ActionType, ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { type AdminFeedbackView, FEEDBACK_REPLY_MAX, FEEDBACK_STATUSES } from '@jinb/contract';
import { Button, Image, Space, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { Can } from '../../../shared/access/access';
import { ConsoleApiError, call } from '../../../shared/api/call';
import { ConsoleTable } from '../../../shared/table/ConsoleTable';
import { antdApi } from '../../../shared/ui/antd-app';
import { confirmAction } from '../../../shared/ui/confirmAction';
import { Page } from '../../../shared/ui/Page';
import { TimeText } from '../../../shared/ui/TimeText';
import { supportMessages } from '../messages';

const t = supportMessages.feedback;
const STATUS_COLOR: Record<string, string> = { pending: 'orange', replied: 'green', closed: 'default' };

type Search = { status?: string; account?: string; day?: [string, string]; current?: number; pageSize?: number };

function ReplyButton({ row, onDone }: { row: AdminFeedbackView; onDone: () => void }) {
  return (
    <ModalForm<{ content: string }>
      title={t.replyTitle}
      width={560}
      trigger={<Button type="link">{row.reply ? t.replyAgain : t.reply}</Button>}
      modalProps={{ destroyOnHidden: true }}
      initialValues={{ content: row.reply?.content ?? '' }}
      onFinish={async ({ content }) => {
        try {
          await call('adminFeedbackReply', { params: { id: row.id }, body: { content } });
        } catch (error) {
          antdApi().message.error(error instanceof ConsoleApiError ? error.message : String(error));
          return false;
        }
        antdApi().message.success(t.sent);
        onDone();
        return true;
      }}
    >
      <Typography.Paragraph>
        <Tag>{row.categoryName}</Tag>
        {row.content}
      </Typography.Paragraph>
      <ProFormTextArea
        name="content"
        label={t.replyText}
        extra={t.replyHint}
        fieldProps={{ maxLength: FEEDBACK_REPLY_MAX, showCount: true, rows: 5 }}
        rules={[{ required: true, whitespace: true }]}
      />
    </ModalForm>
  );
}

/** 意见反馈: members' feedback by status, account and day; reply (the member is told in the inbox) or close. */
export default function FeedbackPage() {
  const action = useRef<ActionType>(null);
  const reload = () => action.current?.reload();
  return (
    <Page title={supportMessages.titles.feedback}>
      <ConsoleTable<AdminFeedbackView, Search>
        actionRef={action}
        rowKey="id"
        headerTitle={supportMessages.titles.feedback}
        search={{ labelWidth: 'auto' }}
        form={{ syncToUrl: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        request={async (params) => {
          const [from, to] = params.day ?? ['', ''];
          const page = await call('adminFeedback', {
            query: {
              status: (params.status ?? '') as '',
              account: params.account ?? '',
              from,
              to,
              page: params.current ?? 1,
              size: Math.min(params.pageSize ?? 20, 100),
            },
          });
          return { data: page.list, total: page.total, success: true };
        }}
        columns={[
          {
            title: t.status,
            dataIndex: 'status',
            valueType: 'select',
            width: 100,
            valueEnum: Object.fromEntries(FEEDBACK_STATUSES.map((status) => [status, { text: t.statuses[status] }])),
            render: (_, row) => <Tag color={STATUS_COLOR[row.status]}>{t.statuses[row.status]}</Tag>,
          },
          { title: t.account, dataIndex: 'account', width: 140 },
          { title: t.category, dataIndex: 'categoryName', search: false, width: 120 },
          {
            title: t.content,
            dataIndex: 'content',
            search: false,
            render: (_, row) => (
              <>
                <Typography.Paragraph style={{ marginBottom: 4, whiteSpace: 'pre-wrap' }}>
                  {row.content}
                </Typography.Paragraph>
                {row.images.length ? (
                  <Image.PreviewGroup>
                    <Space size={4}>
                      {row.images.map((src) => (
                        <Image
                          key={src}
                          src={src}
                          alt={t.images}
                          width={48}
                          height={48}
                          style={{ objectFit: 'cover' }}
                        />
                      ))}
                    </Space>
                  </Image.PreviewGroup>
                ) : null}
              </>
            ),
          },
          {
            title: t.current,
            dataIndex: 'reply',
            search: false,
            render: (_, row) =>
              row.reply ? (
                <>
                  <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
                    {row.reply.content}
                  </Typography.Paragraph>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    <TimeText value={row.reply.at} /> · {t.replies} {row.replies}
                  </Typography.Text>
                </>
              ) : (
                '-'
              ),
          },
          {
            title: t.createdAt,
            dataIndex: 'createdAt',
            search: false,
            width: 170,
            render: (_, row) => <TimeText value={row.createdAt} />,
          },
          { title: t.day, dataIndex: 'day', valueType: 'dateRange', hideInTable: true },
          {
            title: t.actions,
            valueType: 'option',
            width: 150,
            render: (_, row) =>
              row.status === 'closed'
                ? [
                    <Typography.Text key="closed" type="secondary">
                      {t.closed}
                    </Typography.Text>,
                  ]
                : [
                    <Can key="reply" call="adminFeedbackReply">
                      <ReplyButton row={row} onDone={reload} />
                    </Can>,
                    <Can key="close" call="adminFeedbackClose">
                      <Button
                        type="link"
                        danger
                        onClick={() =>
                          confirmAction({
                            title: t.closeConfirm,
                            danger: true,
                            okText: t.close,
                            action: () => call('adminFeedbackClose', { params: { id: row.id } }),
                            onDone: reload,
                          })
                        }
                      >
                        {t.close}
                      </Button>
                    </Can>,
                  ],
          },
        ]}
      />
    </Page>
  );
}
