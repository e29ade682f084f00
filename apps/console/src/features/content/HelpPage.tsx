import { ProFormDigit, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { type AdminHelpArticleView, adminHelpArticleBody } from '@jinb/contract';
import { Tag } from 'antd';
import { call } from '../../shared/api/call';
import { ArticlePreview } from '../../shared/form/previews';
import { TimeText } from '../../shared/ui/TimeText';
import { type ContentKind, ContentTable } from './ContentTable';
import { contentMessages as t } from './messages';

const categoryOptions = async () =>
  (await call('adminHelpCategories')).map((one) => ({ value: one.id, label: one.name }));

const articles: ContentKind<AdminHelpArticleView> = {
  list: () => call('adminHelpArticles'),
  create: (body) => call('adminHelpArticleCreate', { body: body as never }),
  update: (id, body) => call('adminHelpArticleUpdate', { params: { id }, body: body as never }),
  remove: (id) => call('adminHelpArticleDelete', { params: { id } }),
  calls: { create: 'adminHelpArticleCreate', update: 'adminHelpArticleUpdate', remove: 'adminHelpArticleDelete' },
  schema: adminHelpArticleBody,
  createTitle: t.help.createTitle,
  editTitle: t.help.editTitle,
  columns: [
    { title: t.common.title, dataIndex: 'title', ellipsis: true },
    { title: t.help.slug, dataIndex: 'slug', render: (_, row) => <code>{row.slug}</code> },
    {
      title: t.help.quick,
      dataIndex: 'quick',
      render: (_, row) => (row.quick ? <Tag color="blue">{t.help.quick}</Tag> : '-'),
    },
    { title: t.common.sort, dataIndex: 'sort' },
    { title: t.common.updatedAt, dataIndex: 'updatedAt', render: (_, row) => <TimeText value={row.updatedAt} /> },
  ],
  defaults: { active: true, sort: 0, quick: false, quickSort: 0, category: null },
  toForm: (row) => ({
    slug: row.slug,
    category: row.category,
    title: row.title,
    summary: row.summary,
    body: row.body,
    quick: row.quick,
    quickSort: row.quickSort,
    sort: row.sort,
    active: row.active,
    i18n: row.i18n,
  }),
  fields: (
    <>
      <ProFormText name="slug" label={t.help.slug} width="md" rules={[{ required: true }]} />
      <ProFormSelect name="category" label={t.help.category} width="sm" request={categoryOptions} allowClear />
      <ProFormDigit name="sort" label={t.common.sort} fieldProps={{ precision: 0 }} />
      <ProFormSwitch name="quick" label={t.help.quick} />
      <ProFormDigit name="quickSort" label={t.help.quickSort} fieldProps={{ precision: 0 }} />
      <ProFormSwitch name="active" label={t.common.active} />
    </>
  ),
  localized: [
    { name: 'title', label: t.common.title, required: true, max: 80 },
    { name: 'summary', label: t.common.summary, kind: 'textarea', rows: 2, max: 200 },
    { name: 'body', label: t.help.body, kind: 'textarea', rows: 14, max: 30000 },
  ],
  preview: (texts) => <ArticlePreview title={texts.title} body={texts.body} />,
};

/** 帮助文章与教程: the help centre's articles and the tutorials (by their route name), drawn as the site draws them. */
export default function HelpPage() {
  return <ContentTable kind={articles} />;
}
