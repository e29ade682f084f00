import { type ActionType, ModalForm, type ProColumns } from '@ant-design/pro-components';
import { Button, Form, Space, Tag, Typography } from 'antd';
import { type ReactElement, type ReactNode, useRef } from 'react';
import type { z } from 'zod';
import { Can } from '../../shared/access/access';
import { type LocalizedField, LocalizedFields, type LocalizedValues } from '../../shared/form/LocalizedFields';
import { submitChecked } from '../../shared/form/zod-form';
import { ConsoleTable } from '../../shared/table/ConsoleTable';
import { confirmAction } from '../../shared/ui/confirmAction';
import { Page } from '../../shared/ui/Page';
import { contentMessages as t } from './messages';

type Values = Record<string, unknown>;

/** One kind of operator content (announcements, banners, news, sponsors, help articles): its calls and its form. */
export type ContentKind<Row extends { id: number; active?: boolean }> = {
  list: () => Promise<Row[]>;
  create: (body: Values) => Promise<unknown>;
  update: (id: number, body: Values) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  /** The call names, so a role that may not make them does not see their buttons. */
  calls: { create: string; update: string; remove: string };
  /** The contract's body schema the form is checked against before it is sent. */
  schema: z.ZodType;
  columns: ProColumns<Row>[];
  createTitle: string;
  editTitle: string;
  defaults: Values;
  toForm: (row: Row) => Values;
  /** The fields that are not texts per language (picture, link, times, sort, switches). */
  fields: ReactNode;
  localized: LocalizedField[];
  preview: (texts: LocalizedValues, values: Values) => ReactNode;
};

function ContentForm<Row extends { id: number; active?: boolean }>({
  kind,
  row,
  trigger,
  onSaved,
}: {
  kind: ContentKind<Row>;
  row: Row | null;
  trigger: ReactElement;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  return (
    <ModalForm<Values>
      title={row ? kind.editTitle : kind.createTitle}
      form={form}
      width={1000}
      trigger={trigger}
      initialValues={row ? kind.toForm(row) : { i18n: {}, ...kind.defaults }}
      modalProps={{ destroyOnHidden: true }}
      onFinish={(values) =>
        submitChecked(form, kind.schema, values, async (body) => {
          if (row) await kind.update(row.id, body);
          else await kind.create(body);
          onSaved();
        })
      }
    >
      <Space wrap align="start" size={16}>
        {kind.fields}
      </Space>
      <LocalizedFields fields={kind.localized} preview={(texts) => kind.preview(texts, form.getFieldsValue(true))} />
    </ModalForm>
  );
}

/** A content list with 新建, 编辑 (texts per language, preview) and 删除, each behind the operator's role. */
export function ContentTable<Row extends { id: number; active?: boolean }>({ kind }: { kind: ContentKind<Row> }) {
  const table = useRef<ActionType>(undefined);
  const reload = () => table.current?.reload();
  const columns: ProColumns<Row>[] = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    ...kind.columns,
    {
      title: t.common.status,
      dataIndex: 'active',
      render: (_, row) =>
        row.active === false ? <Tag>{t.common.inactive}</Tag> : <Tag color="green">{t.common.active}</Tag>,
    },
    {
      title: t.common.actions,
      valueType: 'option',
      render: (_, row) => [
        <Can key="edit" call={kind.calls.update}>
          <ContentForm
            kind={kind}
            row={row}
            trigger={<Typography.Link>{t.common.edit}</Typography.Link>}
            onSaved={reload}
          />
        </Can>,
        <Can key="remove" call={kind.calls.remove}>
          <Typography.Link
            type="danger"
            onClick={() =>
              confirmAction({
                title: t.common.remove,
                content: t.common.removeConfirm,
                danger: true,
                action: () => kind.remove(row.id),
                success: t.common.removed,
                onDone: reload,
              })
            }
          >
            {t.common.remove}
          </Typography.Link>
        </Can>,
      ],
    },
  ];
  return (
    <Page
      extra={
        <Can call={kind.calls.create}>
          <ContentForm
            kind={kind}
            row={null}
            trigger={<Button type="primary">{kind.createTitle}</Button>}
            onSaved={reload}
          />
        </Can>
      }
    >
      <ConsoleTable<Row>
        rowKey="id"
        actionRef={table}
        columns={columns}
        search={false}
        scroll={{ x: 'max-content' }}
        options={{ density: false, setting: true, reload: true }}
        pagination={{ defaultPageSize: 20 }}
        request={async () => {
          const data = await kind.list();
          return { data, total: data.length, success: true };
        }}
      />
    </Page>
  );
}
