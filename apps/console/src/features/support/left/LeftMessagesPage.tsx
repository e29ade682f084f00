import { type ActionType, ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import type { DeskLeftMessage } from '@jinb/contract';
import { Button, Typography } from 'antd';
import { useRef } from 'react';
import { Can } from '../../../shared/access/access';
import { ConsoleApiError, call } from '../../../shared/api/call';
import { ConsoleTable } from '../../../shared/table/ConsoleTable';
import { antdApi } from '../../../shared/ui/antd-app';
import { Page } from '../../../shared/ui/Page';
import { TimeText } from '../../../shared/ui/TimeText';
import { supportMessages } from '../messages';
import type { LeftFilter } from '../support.queries';

const t = supportMessages.left;

function ReplyButton({ row, onDone }: { row: DeskLeftMessage; onDone: () => void }) {
  return (
    <ModalForm<{ reply: string }>
      title={t.replyTitle}
      width={520}
      trigger={<Button type="link">{t.reply}</Button>}
      modalProps={{ destroyOnHidden: true }}
      onFinish={async ({ reply }) => {
        try {
          await call('adminSupportLeftMessageReply', { params: { id: row.id }, body: { reply } });
        } catch (error) {
          antdApi().message.error(error instanceof ConsoleApiError ? error.message : String(error));
          return false;
        }
        antdApi().message.success(t.sent);
        onDone();
        return true;
      }}
    >
      <Typography.Paragraph type="secondary">{row.content}</Typography.Paragraph>
      <ProFormTextArea
        name="reply"
        label={t.replyText}
        extra={t.replyHint}
        fieldProps={{ maxLength: 1000, showCount: true, rows: 4 }}
        rules={[{ required: true, whitespace: true }]}
      />
    </ModalForm>
  );
}

/** 客户留言: what members left outside service hours; a reply goes to the member's inbox, once. */
export default function LeftMessagesPage() {
  const action = useRef<ActionType>(null);
  return (
    <Page title={supportMessages.titles.left}>
      <ConsoleTable<DeskLeftMessage, { status?: LeftFilter | 'all' }>
        actionRef={action}
        rowKey="id"
        headerTitle={supportMessages.titles.left}
        form={{ initialValues: { status: 'pending' } }}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 20 }}
        request={async (params) => {
          const status = params.status === 'all' ? '' : (params.status ?? '');
          const rows = await call('adminSupportLeftMessages', { query: status ? { status } : {} });
          return { data: rows, total: rows.length, success: true };
        }}
        columns={[
          {
            title: t.filter,
            dataIndex: 'status',
            hideInTable: true,
            valueType: 'select',
            initialValue: 'pending',
            valueEnum: { pending: { text: t.pending }, replied: { text: t.replied }, all: { text: t.all } },
          },
          { title: t.account, dataIndex: 'account', search: false, width: 140 },
          { title: t.content, dataIndex: 'content', search: false, ellipsis: false },
          { title: t.contact, dataIndex: 'contact', search: false, width: 160, renderText: (v: string) => v || '-' },
          {
            title: t.createdAt,
            dataIndex: 'createdAt',
            search: false,
            width: 180,
            render: (_, row) => <TimeText value={row.createdAt} />,
          },
          {
            title: t.answer,
            dataIndex: 'reply',
            search: false,
            render: (_, row) =>
              row.reply ? (
                <>
                  <div>{row.reply}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    <TimeText value={row.repliedAt} />
                  </Typography.Text>
                </>
              ) : (
                <Can call="adminSupportLeftMessageReply">
                  <ReplyButton row={row} onDone={() => action.current?.reload()} />
                </Can>
              ),
          },
        ]}
      />
    </Page>
  );
}
