import type { ProColumns } from '@ant-design/pro-components';
import { VENDOR_CALLBACK_ACTIONS, type VendorCallbackRow, type VendorReconciliationRow } from '@jinb/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Space, Switch, Table, Tabs, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { Can, useCan } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { tableRequest } from '../../shared/api/table';
import { ConsoleTable } from '../../shared/table/ConsoleTable';
import { confirmAction } from '../../shared/ui/confirmAction';
import { MoneyText } from '../../shared/ui/MoneyText';
import { Page } from '../../shared/ui/Page';
import { TimeText } from '../../shared/ui/TimeText';
import { casinoMessages as t } from './messages';

const VENDORS_KEY = ['casino', 'vendors'] as const;

/** 厂商状态: each vendor's wallet model, maintenance switch (asked first) and players now (polled every 10 s). */
function StatusTab() {
  const client = useQueryClient();
  const can = useCan();
  const vendors = useQuery({ queryKey: VENDORS_KEY, queryFn: () => call('adminVendors'), refetchInterval: 10_000 });
  const refresh = () => void client.invalidateQueries({ queryKey: ['casino'] });
  if (vendors.isError) return <Alert type="error" showIcon message={vendors.error.message} />;
  return (
    <Table
      rowKey="platform"
      size="small"
      loading={vendors.isLoading}
      pagination={false}
      dataSource={vendors.data ?? []}
      columns={[
        { title: t.vendors.platform, dataIndex: 'platform' },
        { title: t.vendors.name, dataIndex: 'name' },
        { title: t.vendors.wallet, dataIndex: 'wallet', render: (value: string) => t.vendors.wallets[value] ?? value },
        {
          title: t.vendors.maintenance,
          dataIndex: 'maintenance',
          render: (_, row) => (
            <Space>
              <Switch
                aria-label={`${t.vendors.maintenance} ${row.name}`}
                checked={row.maintenance}
                disabled={!can('adminVendorMaintenance')}
                onChange={(on) =>
                  confirmAction({
                    title: on ? t.vendors.maintenanceOn(row.name) : t.vendors.maintenanceOff(row.name),
                    content: on ? t.vendors.maintenanceOnText : undefined,
                    danger: on,
                    action: () =>
                      call('adminVendorMaintenance', { params: { platform: row.platform }, body: { maintenance: on } }),
                    success: t.vendors.done,
                    onDone: refresh,
                  })
                }
              />
              {row.maintenance ? (
                <Tag color="orange">{t.vendors.inMaintenance}</Tag>
              ) : (
                <Tag color="green">{t.vendors.running}</Tag>
              )}
            </Space>
          ),
        },
        { title: t.vendors.players, dataIndex: 'players', align: 'right' },
      ]}
    />
  );
}

/** 对账: a day per vendor, its bets against what the ledger moved for them, and its transfers still in transit. */
function ReconciliationTab() {
  const client = useQueryClient();
  const [day, setDay] = useState<Dayjs | null>(null);
  const dayText = day ? day.format('YYYY-MM-DD') : undefined;
  const report = useQuery({
    queryKey: ['casino', 'reconciliation', dayText ?? 'today'],
    queryFn: () => call('adminVendorReconciliation', { query: dayText ? { day: dayText } : {} }),
  });
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        {t.vendors.day}
        <DatePicker
          aria-label={t.vendors.day}
          placeholder={t.vendors.pickDay}
          style={{ width: 200 }}
          value={day}
          onChange={setDay}
          allowClear
        />
        {report.data ? <Tag>{report.data.day}</Tag> : null}
        <Can call="adminReconcile">
          <Button
            onClick={() =>
              confirmAction({
                title: t.vendors.settleTitle,
                action: () => call('adminReconcile'),
                success: (result) => t.vendors.settled(result.confirmed + result.failed),
                onDone: () => void client.invalidateQueries({ queryKey: ['casino', 'reconciliation'] }),
              })
            }
          >
            {t.vendors.settleNow}
          </Button>
        </Can>
      </Space>
      {report.isError ? <Alert type="error" showIcon message={report.error.message} /> : null}
      <Table<VendorReconciliationRow>
        rowKey="platform"
        size="small"
        loading={report.isLoading}
        pagination={false}
        scroll={{ x: 1300 }}
        dataSource={report.data?.rows ?? []}
        columns={[
          { title: t.vendors.name, dataIndex: 'name', render: (_, row) => `${row.name}（${row.platform}）` },
          {
            title: t.vendors.wallet,
            dataIndex: 'wallet',
            render: (value: string) => t.vendors.wallets[value] ?? value,
          },
          { title: t.vendors.bets, dataIndex: 'bets', align: 'right' },
          { title: t.vendors.openBets, dataIndex: 'openBets', align: 'right' },
          {
            title: t.vendors.stake,
            dataIndex: 'stake',
            align: 'right',
            render: (value) => <MoneyText value={value} />,
          },
          {
            title: t.vendors.payout,
            dataIndex: 'payout',
            align: 'right',
            render: (value) => <MoneyText value={value} />,
          },
          {
            title: t.vendors.ledgerStake,
            dataIndex: 'ledgerStake',
            align: 'right',
            render: (value) => (value === null ? '-' : <MoneyText value={value} />),
          },
          {
            title: t.vendors.ledgerPayout,
            dataIndex: 'ledgerPayout',
            align: 'right',
            render: (value) => (value === null ? '-' : <MoneyText value={value} />),
          },
          {
            title: t.vendors.mismatches,
            dataIndex: 'mismatches',
            align: 'center',
            render: (_, row) =>
              row.wallet !== 'seamless' ? (
                '-'
              ) : row.mismatches > 0 ? (
                <Tag color="red">{row.mismatches}</Tag>
              ) : (
                <Tag color="green">{t.vendors.clean}</Tag>
              ),
          },
          {
            title: t.vendors.toVendor,
            dataIndex: 'toVendor',
            align: 'right',
            render: (value) => <MoneyText value={value} />,
          },
          {
            title: t.vendors.fromVendor,
            dataIndex: 'fromVendor',
            align: 'right',
            render: (value) => <MoneyText value={value} />,
          },
          {
            title: t.vendors.pending,
            dataIndex: 'pendingTransfers',
            align: 'right',
            render: (_, row) =>
              row.pendingTransfers > 0 ? (
                <Tag color="orange">
                  {row.pendingTransfers} / <MoneyText value={row.pendingAmount} />
                </Tag>
              ) : (
                0
              ),
          },
          {
            title: t.vendors.oldestPending,
            dataIndex: 'oldestPendingAt',
            render: (value) => <TimeText value={value} />,
          },
        ]}
      />
    </Space>
  );
}

/** 回调日志: every seamless wallet call as we answered it, newest first, by vendor, type, answer, member or txId. */
function CallbacksTab() {
  const vendors = useQuery({ queryKey: VENDORS_KEY, queryFn: () => call('adminVendors') });
  const columns: ProColumns<VendorCallbackRow>[] = [
    {
      title: t.vendors.platform,
      dataIndex: 'platform',
      valueType: 'select',
      fieldProps: { options: (vendors.data ?? []).map((v) => ({ value: v.platform, label: v.name })) },
    },
    { title: t.vendors.txId, dataIndex: 'txId', copyable: true },
    {
      title: t.vendors.action,
      dataIndex: 'action',
      valueType: 'select',
      valueEnum: Object.fromEntries(
        VENDOR_CALLBACK_ACTIONS.map((value) => [value, { text: t.vendors.actions[value] }]),
      ),
    },
    {
      title: t.vendors.account,
      dataIndex: 'account',
      render: (_, row) => <Link to={`/members/${row.memberId}`}>{row.account}</Link>,
    },
    {
      title: t.vendors.code,
      dataIndex: 'code',
      render: (_, row) => (
        <Space size={4}>
          <Tag color={row.code === 'OK' ? 'green' : 'red'}>{row.code}</Tag>
          {row.duplicate ? <Tag>{t.vendors.duplicate}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t.vendors.balance,
      dataIndex: 'balance',
      search: false,
      align: 'right',
      render: (_, row) => (row.balance === null ? '-' : <MoneyText value={row.balance} />),
    },
    {
      title: t.vendors.createdAt,
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      render: (_, row) => <TimeText value={row.createdAt} />,
    },
  ];
  return (
    <ConsoleTable<VendorCallbackRow>
      rowKey="id"
      columns={columns}
      search={{ labelWidth: 'auto' }}
      options={{ density: false, setting: true, reload: true }}
      pagination={{ defaultPageSize: 20, showSizeChanger: true }}
      request={tableRequest('adminVendorCallbacks', (query) => ({
        ...query,
        code: typeof query.code === 'string' ? query.code.toUpperCase() : query.code,
      }))}
    />
  );
}

/** 游戏厂商: the external vendors' status and maintenance, the day's reconciliation, the callbacks log. */
export default function VendorsPage() {
  return (
    <Page>
      <Card size="small">
        <Tabs
          items={[
            { key: 'status', label: t.vendors.tabs.status, children: <StatusTab /> },
            { key: 'reconciliation', label: t.vendors.tabs.reconciliation, children: <ReconciliationTab /> },
            { key: 'callbacks', label: t.vendors.tabs.callbacks, children: <CallbacksTab /> },
          ]}
        />
      </Card>
    </Page>
  );
}
