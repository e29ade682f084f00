import { ModalForm, ProFormDigit, ProFormText } from '@ant-design/pro-components';
import { type AdminTableView, adminTableLimitsBody } from '@jinb/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Space, Table, Tag, Typography } from 'antd';
import { Can } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { submitChecked } from '../../shared/form/zod-form';
import { antdApi } from '../../shared/ui/antd-app';
import { confirmAction } from '../../shared/ui/confirmAction';
import { MoneyText } from '../../shared/ui/MoneyText';
import { Page } from '../../shared/ui/Page';
import { casinoMessages as t } from './messages';

const TABLES_KEY = ['casino', 'tables'] as const;

type LimitValues = { min: string; max: string; windowSeconds: number };

/** 限红设置: a table's minimum and maximum stake and its betting window; the per-spot limits are kept as they are. */
function LimitsForm({ table, onDone }: { table: AdminTableView; onDone: () => void }) {
  const [form] = Form.useForm<LimitValues>();
  const spots = Object.keys(table.limits.spots).length;
  return (
    <ModalForm<LimitValues>
      title={`${t.tables.editLimits} · ${table.name}`}
      form={form}
      width={440}
      trigger={
        <Button size="small" type="link">
          {t.tables.editLimits}
        </Button>
      }
      modalProps={{ destroyOnHidden: true }}
      initialValues={{ min: table.limits.min, max: table.limits.max, windowSeconds: table.windowMs / 1000 }}
      onFinish={(values) =>
        submitChecked(
          form,
          adminTableLimitsBody,
          {
            min: String(values.min ?? '').trim(),
            max: String(values.max ?? '').trim(),
            spots: table.limits.spots,
            windowMs: Math.round(Number(values.windowSeconds) * 1000),
          },
          async (body) => {
            await call('adminCasinoTableLimits', { params: { code: table.code }, body });
            void antdApi().message.success(t.tables.limitsSaved);
            onDone();
          },
        )
      }
    >
      <ProFormText name="min" label={t.tables.min} rules={[{ required: true }]} />
      <ProFormText name="max" label={t.tables.max} rules={[{ required: true }]} />
      <ProFormDigit
        name="windowSeconds"
        label={t.tables.windowSeconds}
        min={5}
        max={120}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true }]}
      />
      {spots > 0 ? <Typography.Text type="secondary">{t.tables.spots(spots)}</Typography.Text> : null}
    </ModalForm>
  );
}

/** 真人桌台: every house table with its round now and today's takings (polled every 5 s); open, close, limits. */
export default function TablesPage() {
  const client = useQueryClient();
  const tables = useQuery({
    queryKey: TABLES_KEY,
    queryFn: () => call('adminCasinoTables'),
    refetchInterval: 5_000,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: TABLES_KEY });

  return (
    <Page content={<Typography.Text type="secondary">{t.tables.poll}</Typography.Text>}>
      {tables.isError ? <Alert type="error" showIcon message={tables.error.message} /> : null}
      <Table<AdminTableView>
        rowKey="code"
        loading={tables.isLoading}
        dataSource={tables.data ?? []}
        pagination={false}
        scroll={{ x: 1400 }}
        columns={[
          { title: t.tables.code, dataIndex: 'code', width: 70, fixed: 'left' },
          { title: t.tables.name, dataIndex: 'name', width: 150 },
          { title: t.tables.game, dataIndex: 'game', width: 110, render: (_, row) => t.games[row.game] },
          {
            title: t.tables.state,
            dataIndex: 'open',
            width: 90,
            render: (_, row) =>
              row.open ? <Tag color="green">{t.tables.opened}</Tag> : <Tag color="default">{t.tables.closed}</Tag>,
          },
          {
            title: t.tables.round,
            dataIndex: 'round',
            width: 110,
            render: (_, row) =>
              row.round ? `#${row.round.number} ${t.phases[row.round.phase] ?? row.round.phase}` : '-',
          },
          {
            title: t.tables.window,
            dataIndex: 'windowMs',
            width: 90,
            render: (_, row) => t.tables.seconds(row.windowMs),
          },
          {
            title: t.tables.limits,
            key: 'limits',
            align: 'right',
            width: 170,
            render: (_, row) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                <MoneyText value={row.limits.min} /> - <MoneyText value={row.limits.max} />
              </span>
            ),
          },
          { title: t.tables.todayRounds, key: 'rounds', align: 'right', render: (_, row) => row.today.rounds },
          {
            title: t.tables.todayStake,
            key: 'stake',
            align: 'right',
            render: (_, row) => <MoneyText value={row.today.stake} />,
          },
          {
            title: t.tables.todayPayout,
            key: 'payout',
            align: 'right',
            render: (_, row) => <MoneyText value={row.today.payout} />,
          },
          {
            title: t.tables.todayProfit,
            key: 'profit',
            align: 'right',
            render: (_, row) => <MoneyText value={row.today.profit} />,
          },
          {
            title: t.tables.actions,
            key: 'actions',
            width: 150,
            fixed: 'right',
            render: (_, row) => (
              <Space size={0}>
                {row.open ? (
                  <Can call="adminCasinoTableClose">
                    <Button
                      size="small"
                      type="link"
                      danger
                      onClick={() =>
                        confirmAction({
                          title: t.tables.closeTitle(row.name),
                          content: t.tables.closeText,
                          danger: true,
                          action: () => call('adminCasinoTableClose', { params: { code: row.code } }),
                          success: t.tables.done,
                          onDone: refresh,
                        })
                      }
                    >
                      {t.tables.closeTable}
                    </Button>
                  </Can>
                ) : (
                  <Can call="adminCasinoTableOpen">
                    <Button
                      size="small"
                      type="link"
                      onClick={() =>
                        confirmAction({
                          title: t.tables.openTitle(row.name),
                          content: t.tables.openText,
                          action: () => call('adminCasinoTableOpen', { params: { code: row.code } }),
                          success: t.tables.done,
                          onDone: refresh,
                        })
                      }
                    >
                      {t.tables.openTable}
                    </Button>
                  </Can>
                )}
                <Can call="adminCasinoTableLimits">
                  <LimitsForm table={row} onDone={refresh} />
                </Can>
              </Space>
            ),
          },
        ]}
      />
    </Page>
  );
}
