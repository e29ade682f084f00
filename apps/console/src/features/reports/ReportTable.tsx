import type { ProColumns } from '@ant-design/pro-components';
import { addDays, platformDay } from '@jinb/contract';
import type { EndpointName } from '@jinb/contract/endpoints';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { Can } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { downloadCsv } from '../../shared/api/download';
import { type ListEndpoint, type TableParams, type TableSort, tableQuery } from '../../shared/api/table';
import { ConsoleTable } from '../../shared/table/ConsoleTable';
import { antdApi } from '../../shared/ui/antd-app';
import { PLATFORM_TIME_ZONE } from '../../shared/ui/TimeText';
import { reportsMessages as t } from './messages';

/** The last 30 days of the platform's calendar, today included: each report's range when the page opens. */
export function defaultRange(now: Date = new Date()): [string, string] {
  const today = platformDay(now, PLATFORM_TIME_ZONE);
  return [addDays(today, -29), today];
}

/** The range column of the search form: sent as `from` and `to` (business days, both included). */
function rangeColumn<R>(): ProColumns<R> {
  return {
    title: t.range,
    dataIndex: 'range',
    valueType: 'dateRange',
    hideInTable: true,
    initialValue: defaultRange(),
    fieldProps: { allowClear: false },
    tooltip: t.rangeHint,
    search: { transform: (value: [string, string]) => ({ from: value[0], to: value[1] }) },
  };
}

/**
 * One report: the range in the search form, the rows paged and sorted by the server, and 导出 CSV of the whole range
 * in the table's order (the export call, a file, shares the list's query). `summary` reads the answer's totals.
 */
export function ReportTable<R extends Record<string, unknown>>({
  list,
  csv,
  file,
  columns,
  rowKey,
  summary,
  onAnswer,
}: {
  list: ListEndpoint;
  /** The export's name in the paths table (a file, so not in the endpoint table). */
  csv: string;
  file: string;
  columns: ProColumns<R>[];
  rowKey: (row: R) => string;
  summary?: (answer: Record<string, unknown>) => string;
  /** The whole answer of each page read (a tab's chart reads what the rows do not hold). */
  onAnswer?: (answer: Record<string, unknown>) => void;
}) {
  const last = useRef<{ from?: string; to?: string; sort?: string }>({});
  const [footer, setFooter] = useState<string>();
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    const { from, to, sort } = last.current;
    if (!from || !to) return;
    setExporting(true);
    try {
      // The export is named in the paths table (NOT_JSON), beside the list call whose query it takes.
      await downloadCsv(csv as EndpointName, { from, to, ...(sort ? { sort } : {}) }, `${file}-${from}-${to}.csv`);
      antdApi().message.success(t.exported);
    } catch (error) {
      antdApi().message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(false);
    }
  }

  return (
    <ConsoleTable<R, TableParams>
      rowKey={rowKey}
      search={{ labelWidth: 'auto', defaultCollapsed: false }}
      pagination={{ defaultPageSize: 20, showSizeChanger: true }}
      columns={[rangeColumn<R>(), ...columns]}
      options={{ density: true, reload: true, setting: true }}
      headerTitle={footer}
      toolBarRender={() => [
        <Can key="export" call={csv}>
          <Button onClick={() => void exportCsv()} loading={exporting}>
            {t.export}
          </Button>
        </Can>,
      ]}
      request={async (params: TableParams, sort: TableSort) => {
        const query = tableQuery(params, sort) as { from?: string; to?: string; sort?: string };
        last.current = { from: query.from, to: query.to, sort: query.sort };
        const answer = (await call(list, { query } as never)) as unknown as {
          rows: R[];
          total: number;
        } & Record<string, unknown>;
        setFooter(summary?.(answer));
        onAnswer?.(answer);
        return { data: answer.rows, total: answer.total, success: true };
      }}
    />
  );
}
