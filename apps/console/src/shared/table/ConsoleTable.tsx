import { type ParamsType, ProTable, type ProTableProps } from '@ant-design/pro-components';
import { useRef } from 'react';

const SEARCH = { labelWidth: 'auto', defaultCollapsed: false } as const;
const OPTIONS = { density: false, setting: true, reload: true } as const;
const PAGINATION = { defaultPageSize: 20, showSizeChanger: true } as const;

/**
 * ProTable with the console's defaults: the search form open with labels sized to fit, column settings and reload
 * in the toolbar (no density), 20 rows a page with the size changer. A page's own value for any of these wins.
 *
 * The search form's 查询 never shows the table's loading: ProTable hands the table's loading to that button, and an
 * antd button that is loading drops every click. Each request (the first page, a page change, the reload after a
 * search, every poll's catch-up) made 查询 refuse clicks for as long as the server took, so an operator's search
 * typed meanwhile was silently lost (the journeys had to press Enter). The table shows its own spinner.
 *
 * A search sent during a load is then the latest word: ProTable stops waiting for the earlier request but still
 * writes its rows when they come, over the later search's. So every answer that arrives after a newer request was
 * sent is replaced by that newer request's answer.
 */
export function ConsoleTable<T extends Record<string, unknown>, P extends ParamsType = ParamsType>(
  props: ProTableProps<T, P>,
) {
  const { search, form, options, pagination } = props;
  const latest = useRef<unknown>(null);
  const request: ProTableProps<T, P>['request'] =
    props.request &&
    (async (...args) => {
      let mine = (props.request as NonNullable<typeof props.request>)(...args);
      latest.current = mine;
      let answer = await mine;
      while (latest.current !== mine) {
        mine = latest.current as typeof mine;
        answer = await mine;
      }
      return answer;
    });
  const submitter = typeof form?.submitter === 'object' ? form.submitter : {};
  return (
    <ProTable<T, P>
      {...props}
      request={request}
      search={search === false ? false : { ...SEARCH, ...search }}
      form={{
        ...form,
        submitter: { ...submitter, submitButtonProps: { ...submitter.submitButtonProps, loading: false } },
      }}
      options={options === undefined ? OPTIONS : options}
      pagination={
        pagination === undefined ? PAGINATION : pagination === false ? false : { ...PAGINATION, ...pagination }
      }
    />
  );
}
