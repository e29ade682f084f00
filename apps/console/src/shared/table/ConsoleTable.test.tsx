import { type ParamsType, ProTable, type ProTableProps } from '@ant-design/pro-components';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleTable } from './ConsoleTable';

type Row = { id: string; name: string };

/**
 * A server whose first answer (the table's first page) waits until `answerFirst()`, so a search can be sent while
 * that load is surely still out; later searches are answered at once. It remembers what it was asked.
 */
function heldServer() {
  const asked: string[] = [];
  let answerFirst = () => {};
  const held = new Promise<void>((resolve) => {
    answerFirst = resolve;
  });
  const request = async (params: { name?: string }) => {
    asked.push(params.name ?? '');
    if (asked.length === 1) await held;
    return { data: [{ id: '1', name: `名字:${params.name ?? '全部'}` }], total: 1, success: true };
  };
  return { asked, request, answerFirst: () => answerFirst() };
}

function renderTable(
  Table: <T extends Record<string, unknown>, P extends ParamsType>(props: ProTableProps<T, P>) => React.ReactNode,
  request: ProTableProps<Row, { name?: string }>['request'],
) {
  render(
    <StrictMode>
      <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
        <Table<Row, { name?: string }> rowKey="id" columns={[{ title: '名字', dataIndex: 'name' }]} request={request} />
      </ConfigProvider>
    </StrictMode>,
  );
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('ConsoleTable', () => {
  it('takes a click on 查询 while a page is still loading, and shows what was searched', async () => {
    const server = heldServer();
    renderTable(ConsoleTable, server.request);
    await waitFor(() => expect(server.asked).toHaveLength(1));
    await userEvent.type(screen.getByRole('textbox', { name: '名字' }), '张三');
    const query = screen.getByRole('button', { name: '查询' });
    expect(query.className).not.toMatch(/ant-btn-loading/);
    await userEvent.click(query);
    expect(await screen.findByText('名字:张三')).toBeTruthy();
    expect(server.asked.at(-1)).toBe('张三');
    // The first page answering late does not put its rows back over the search's.
    server.answerFirst();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('名字:全部')).toBeNull();
  });

  it('speaks zh-CN: the empty table, the search form, the page size, the toolbar', async () => {
    renderTable(ConsoleTable, async () => ({ data: [], total: 0, success: true }));
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: '重置' })).toBeTruthy();
    await userEvent.hover(screen.getByRole('img', { name: 'reload' }));
    expect(await screen.findByText('刷新')).toBeTruthy();
    cleanup();
    renderTable(ConsoleTable, async () => ({ data: [{ id: '1', name: '甲' }], total: 45, success: true }));
    expect(await screen.findByText('20 条/页')).toBeTruthy();
  });
});

describe('ProTable as it comes (why ConsoleTable exists)', () => {
  it('drops a click on 查询 while a page is loading', async () => {
    const server = heldServer();
    renderTable(ProTable, server.request);
    await waitFor(() => expect(server.asked).toHaveLength(1));
    await userEvent.type(screen.getByRole('textbox', { name: '名字' }), '张三');
    const query = screen.getByRole('button', { name: /查\s?询/ });
    expect(query.className).toMatch(/ant-btn-loading/);
    await userEvent.click(query);
    server.answerFirst();
    await screen.findByText('名字:全部');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.asked).not.toContain('张三');
  });
});
