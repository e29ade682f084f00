import { type ProColumns, ProDescriptions } from '@ant-design/pro-components';
import { type AdminBatchCodeView, CODE_STATES } from '@jinb/contract';
import type { Result } from '@jinb/contract/endpoints';
import { Button, Card, Result as Empty, Tag } from 'antd';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConsoleApiError, call } from '../../../shared/api/call';
import { saveCsv } from '../../../shared/api/download';
import { type TableFilter, type TableParams, type TableSort, tableQuery } from '../../../shared/api/table';
import { ConsoleTable } from '../../../shared/table/ConsoleTable';
import { antdApi } from '../../../shared/ui/antd-app';
import { MoneyText } from '../../../shared/ui/MoneyText';
import { Page } from '../../../shared/ui/Page';
import { TimeText } from '../../../shared/ui/TimeText';
import { rewardsMessages as t } from '../messages';
import { batchState } from './CodesPage';
import { allCodes, codesCsv } from './codes-csv';

type Batch = Result<'adminCodeBatchCodes'>['batch'];

const STATE_COLORS = { unused: 'default', partly: 'blue', usedUp: 'green' } as const;

/** One batch: its terms, and its codes with who redeemed them, filtered, sorted, paged and exported as CSV. */
export default function CodeBatchPage() {
  const { id = '' } = useParams();
  const [batch, setBatch] = useState<Batch | null>(null);
  const [missing, setMissing] = useState(false);
  const filters = useRef<Record<string, unknown>>({});
  const [exporting, setExporting] = useState(false);

  const columns: ProColumns<AdminBatchCodeView>[] = [
    {
      title: t.codes.code,
      dataIndex: 'code',
      sorter: true,
      copyable: true,
      render: (_, row) => <code>{row.code}</code>,
    },
    {
      title: t.codes.state,
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: Object.fromEntries(CODE_STATES.map((state) => [state, { text: t.codes.states[state] }])),
      render: (_, row) => <Tag color={STATE_COLORS[row.state]}>{t.codes.states[row.state]}</Tag>,
    },
    { title: t.codes.uses, dataIndex: 'uses', search: false, align: 'right' },
    { title: t.codes.redeemed, dataIndex: 'redeemed', search: false, sorter: true, align: 'right' },
    {
      title: t.codes.lastRedeemedAt,
      dataIndex: 'lastRedeemedAt',
      search: false,
      sorter: true,
      render: (_, row) => <TimeText value={row.lastRedeemedAt} />,
    },
    { title: t.codes.lastAccount, dataIndex: 'lastAccount', search: false, render: (_, row) => row.lastAccount ?? '-' },
  ];

  async function exportCsv() {
    setExporting(true);
    try {
      saveCsv(`codes-${id}.csv`, codesCsv(await allCodes(id, filters.current)));
      void antdApi().message.success(t.codes.exported);
    } catch (error) {
      void antdApi().message.error(error instanceof ConsoleApiError ? error.message : String(error));
    } finally {
      setExporting(false);
    }
  }

  if (missing)
    return (
      <Page title={t.titles.codeBatch}>
        <Empty status="404" title={t.codes.notFound} extra={<Link to="/rewards/codes">{t.common.back}</Link>} />
      </Page>
    );

  return (
    <Page
      title={`${t.titles.codeBatch} #${id}${batch?.name ? ` · ${batch.name}` : ''}`}
      onBack={() => history.back()}
      extra={
        <Button onClick={() => void exportCsv()} loading={exporting}>
          {t.codes.export}
        </Button>
      }
    >
      {batch ? (
        <Card size="small" title={t.codes.batchInfo} style={{ marginBottom: 16 }}>
          <ProDescriptions column={4} dataSource={batch}>
            <ProDescriptions.Item label={t.codes.amount}>
              <MoneyText value={batch.amount} />
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t.codes.codes}>{batch.codes}</ProDescriptions.Item>
            <ProDescriptions.Item label={t.codes.uses}>{batch.uses}</ProDescriptions.Item>
            <ProDescriptions.Item label={t.codes.redeemed}>{batch.redeemed}</ProDescriptions.Item>
            <ProDescriptions.Item label={t.common.multiple}>{batch.multiple}</ProDescriptions.Item>
            <ProDescriptions.Item label={t.common.minLevel}>{batch.minLevel}</ProDescriptions.Item>
            <ProDescriptions.Item label={t.codes.expiresAt}>
              <TimeText value={batch.expiresAt} />
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t.common.status}>{batchState(batch)}</ProDescriptions.Item>
          </ProDescriptions>
        </Card>
      ) : null}
      <ConsoleTable<AdminBatchCodeView>
        rowKey="code"
        columns={columns}
        search={{ labelWidth: 'auto' }}
        form={{ syncToUrl: true }}
        options={{ density: false, setting: true, reload: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        request={async (params: TableParams, sort: TableSort, filter: TableFilter) => {
          const query = tableQuery(params, sort, filter);
          const { page: _page, pageSize: _size, ...rest } = query;
          filters.current = rest;
          try {
            const answer = await call('adminCodeBatchCodes', { params: { id }, query });
            setBatch(answer.batch);
            return { data: answer.rows, total: answer.total, success: true };
          } catch (error) {
            if (error instanceof ConsoleApiError && error.code === 'NOT_FOUND') setMissing(true);
            else throw error;
            return { data: [], total: 0, success: false };
          }
        }}
      />
    </Page>
  );
}
