import { ProFormDateTimePicker, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { type AdminNewsView, adminNewsBody } from '@jinb/contract';
import { call } from '../../shared/api/call';
import { PicturePreview } from '../../shared/form/previews';
import { formatTime, TimeText } from '../../shared/ui/TimeText';
import { type ContentKind, ContentTable } from './ContentTable';
import { contentMessages as t } from './messages';

const categoryOptions = async () =>
  (await call('adminNewsCategories')).map((one) => ({ value: one.id, label: one.name }));

const news: ContentKind<AdminNewsView> = {
  list: () => call('adminNews'),
  create: (body) => call('adminNewsCreate', { body: body as never }),
  update: (id, body) => call('adminNewsUpdate', { params: { id }, body: body as never }),
  remove: (id) => call('adminNewsDelete', { params: { id } }),
  calls: { create: 'adminNewsCreate', update: 'adminNewsUpdate', remove: 'adminNewsDelete' },
  schema: adminNewsBody,
  createTitle: t.news.createTitle,
  editTitle: t.news.editTitle,
  columns: [
    { title: t.common.title, dataIndex: 'title', ellipsis: true },
    { title: t.common.summary, dataIndex: 'summary', ellipsis: true },
    { title: t.news.publishedAt, dataIndex: 'publishedAt', render: (_, row) => <TimeText value={row.publishedAt} /> },
  ],
  defaults: { active: true, category: null, publishedAt: '' },
  toForm: (row) => ({
    title: row.title,
    image: row.image,
    summary: row.summary,
    content: row.content,
    category: row.category,
    publishedAt: formatTime(row.publishedAt),
    active: row.active,
    i18n: row.i18n,
  }),
  fields: (
    <>
      <ProFormText name="image" label={t.common.image} width="lg" />
      <ProFormSelect name="category" label={t.news.category} width="sm" request={categoryOptions} allowClear />
      <ProFormDateTimePicker name="publishedAt" label={t.news.publishedAt} />
      <ProFormSwitch name="active" label={t.common.active} />
    </>
  ),
  localized: [
    { name: 'title', label: t.common.title, required: true, max: 120 },
    { name: 'summary', label: t.common.summary, kind: 'textarea', rows: 2, max: 500 },
    { name: 'content', label: t.common.content, kind: 'textarea', rows: 8, max: 20000 },
  ],
  preview: (texts, values) => (
    <PicturePreview image={String(values.image ?? '')} title={texts.title} content={texts.content || texts.summary} />
  ),
};

/** 新闻: the /find news with their categories, publishing time and texts per language. */
export default function NewsPage() {
  return <ContentTable kind={news} />;
}
