import type { ProColumns } from '@ant-design/pro-components';
import type { adminRoundRow } from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, Space, Typography } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { call } from '../../shared/api/call';
import { ConsoleTable } from '../../shared/table/ConsoleTable';
import { MoneyText } from '../../shared/ui/MoneyText';
import { Page } from '../../shared/ui/Page';
import { TimeText } from '../../shared/ui/TimeText';
import { casinoMessages as t } from './messages';
import { outcomeText } from './outcome';

type RoundRow = z.infer<typeof adminRoundRow>;

/** A seed in a narrow column: the start of it, the whole on copy. */
function Seed({ value }: { value: string | null }) {
  if (!value) return <Typography.Text type="secondary">{t.rounds.hidden}</Typography.Text>;
  return (
    <Typography.Text code copyable={{ text: value }} style={{ fontSize: 12 }}>
      {`${value.slice(0, 16)}…`}
    </Typography.Text>
  );
}

/**
 * 开奖记录: a table's rounds, newest first, with the result, the seed revealed once settled (and the previous one,
 * SHA-256 of it, so anyone can check the chain) and the house's profit per round.
 */
export default function RoundsPage() {
  const tables = useQuery({ queryKey: ['casino', 'tables'], queryFn: () => call('adminCasinoTables') });
  const [table, setTable] = useState<string>();
  const code = table ?? tables.data?.[0]?.code;

  const columns: ProColumns<RoundRow>[] = [
    { title: t.rounds.number, dataIndex: 'number', width: 80 },
    {
      title: t.rounds.phase,
      dataIndex: 'phase',
      width: 90,
      render: (_, row) => t.phases[row.phase] ?? row.phase,
    },
    { title: t.rounds.opensAt, dataIndex: 'opensAt', render: (_, row) => <TimeText value={row.opensAt} /> },
    { title: t.rounds.settledAt, dataIndex: 'settledAt', render: (_, row) => <TimeText value={row.settledAt} /> },
    { title: t.rounds.result, dataIndex: 'outcome', render: (_, row) => outcomeText(row.outcome) },
    { title: t.rounds.seed, dataIndex: 'seed', render: (_, row) => <Seed value={row.seed} /> },
    {
      title: t.rounds.previousSeed,
      tooltip: t.rounds.previousSeedHelp,
      dataIndex: 'previousSeed',
      render: (_, row) => <Seed value={row.previousSeed} />,
    },
    { title: t.rounds.bets, dataIndex: 'bets', align: 'right' },
    { title: t.rounds.stake, dataIndex: 'stake', align: 'right', render: (_, row) => <MoneyText value={row.stake} /> },
    {
      title: t.rounds.payout,
      dataIndex: 'payout',
      align: 'right',
      render: (_, row) => <MoneyText value={row.payout} />,
    },
    {
      title: t.rounds.profit,
      dataIndex: 'profit',
      align: 'right',
      render: (_, row) => <MoneyText value={row.profit} />,
    },
  ];

  return (
    <Page
      extra={
        <Space>
          {t.rounds.table}
          <Select
            aria-label={t.rounds.table}
            style={{ width: 200 }}
            value={code}
            loading={tables.isLoading}
            onChange={setTable}
            options={(tables.data ?? []).map((item) => ({ value: item.code, label: `${item.code} ${item.name}` }))}
          />
        </Space>
      }
    >
      <ConsoleTable<RoundRow>
        rowKey="id"
        columns={columns}
        search={false}
        params={{ code }}
        options={{ density: false, setting: true, reload: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        scroll={{ x: 1300 }}
        request={async (params: { current?: number; pageSize?: number; code?: string }) => {
          if (!params.code) return { data: [], total: 0, success: true };
          const page = await call('adminCasinoTableRounds', {
            params: { code: params.code },
            query: { page: params.current ?? 1, size: params.pageSize ?? 20 },
          });
          return { data: page.list, total: page.total, success: true };
        }}
      />
    </Page>
  );
}
