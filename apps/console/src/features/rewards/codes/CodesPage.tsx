import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { Result } from '@jinb/contract/endpoints';
import { Button, Modal, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Can } from '../../../shared/access/access';
import { call } from '../../../shared/api/call';
import { saveCsv } from '../../../shared/api/download';
import { ConsoleTable } from '../../../shared/table/ConsoleTable';
import { confirmAction } from '../../../shared/ui/confirmAction';
import { MoneyText } from '../../../shared/ui/MoneyText';
import { Page } from '../../../shared/ui/Page';
import { TimeText } from '../../../shared/ui/TimeText';
import { rewardsMessages as t } from '../messages';
import { pagedRequest } from '../paged';
import { codesCsv } from './codes-csv';
import { IssueCodesForm } from './IssueCodesForm';

type Batch = Result<'adminCodeBatches'>['list'][number];
type Issued = Result<'adminCodes'>;

export function batchState(batch: Pick<Batch, 'disabled' | 'expiresAt'>) {
  if (batch.disabled) return <Tag color="default">{t.codes.disabled}</Tag>;
  if (new Date(batch.expiresAt) <= new Date()) return <Tag color="orange">{t.codes.expired}</Tag>;
  return <Tag color="green">{t.codes.usable}</Tag>;
}

/** 兑换码: the batches with what was redeemed, issuing a batch (its codes shown once at hand), stopping one. */
export default function CodesPage() {
  const table = useRef<ActionType>(undefined);
  const [issued, setIssued] = useState<Issued | null>(null);

  const columns: ProColumns<Batch>[] = [
    { title: 'ID', dataIndex: 'id', width: 80 },
    { title: t.codes.name, dataIndex: 'name', render: (_, row) => row.name || '-' },
    {
      title: t.codes.amount,
      dataIndex: 'amount',
      align: 'right',
      render: (_, row) => <MoneyText value={row.amount} />,
    },
    { title: t.codes.codes, dataIndex: 'codes', align: 'right' },
    { title: t.codes.uses, dataIndex: 'uses', align: 'right' },
    { title: t.codes.redeemed, dataIndex: 'redeemed', align: 'right' },
    { title: t.common.multiple, dataIndex: 'multiple', align: 'right' },
    { title: t.common.minLevel, dataIndex: 'minLevel', align: 'right' },
    { title: t.codes.expiresAt, dataIndex: 'expiresAt', render: (_, row) => <TimeText value={row.expiresAt} /> },
    { title: t.common.status, dataIndex: 'disabled', render: (_, row) => batchState(row) },
    { title: t.common.createdAt, dataIndex: 'createdAt', render: (_, row) => <TimeText value={row.createdAt} /> },
    {
      title: t.common.actions,
      valueType: 'option',
      render: (_, row) => [
        <Link key="view" to={`/rewards/codes/${row.id}`}>
          {t.codes.view}
        </Link>,
        row.disabled ? null : (
          <Can key="disable" call="adminCodeBatchDisable">
            <Typography.Link
              type="danger"
              onClick={() =>
                confirmAction({
                  title: t.codes.disable,
                  content: t.codes.disableConfirm,
                  danger: true,
                  action: () => call('adminCodeBatchDisable', { params: { id: row.id } }),
                  success: t.codes.disabledDone,
                  onDone: () => table.current?.reload(),
                })
              }
            >
              {t.codes.disable}
            </Typography.Link>
          </Can>
        ),
      ],
    },
  ];

  return (
    <Page
      extra={
        <Can call="adminCodes">
          <IssueCodesForm
            onIssued={(answer) => {
              setIssued(answer);
              table.current?.reload();
            }}
          />
        </Can>
      }
    >
      <ConsoleTable<Batch>
        rowKey="id"
        actionRef={table}
        columns={columns}
        search={false}
        options={{ density: false, setting: true, reload: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        request={pagedRequest((page, size) => call('adminCodeBatches', { query: { page, size } }))}
      />
      <Modal
        open={issued !== null}
        title={t.codes.issuedTitle}
        onCancel={() => setIssued(null)}
        footer={
          issued ? (
            <Space>
              <Button onClick={() => void navigator.clipboard?.writeText(issued.codes.join('\n'))}>
                {t.codes.copy}
              </Button>
              <Button
                onClick={() =>
                  saveCsv(
                    `codes-${issued.batch.id}.csv`,
                    codesCsv(
                      issued.codes.map((code) => ({
                        code,
                        uses: issued.batch.uses,
                        redeemed: 0,
                        state: 'unused',
                        lastRedeemedAt: null,
                        lastAccount: null,
                      })),
                    ),
                  )
                }
              >
                {t.codes.export}
              </Button>
              <Link to={`/rewards/codes/${issued.batch.id}`}>
                <Button type="primary">{t.codes.openBatch}</Button>
              </Link>
            </Space>
          ) : null
        }
      >
        <Typography.Paragraph type="secondary">{t.codes.issuedHint}</Typography.Paragraph>
        <Typography.Paragraph>
          <pre data-testid="issued-codes" style={{ maxHeight: 320, overflow: 'auto' }}>
            {issued?.codes.join('\n')}
          </pre>
        </Typography.Paragraph>
      </Modal>
    </Page>
  );
}
