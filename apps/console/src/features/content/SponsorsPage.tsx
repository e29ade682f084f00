import { ProFormDigit, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { type AdminSponsorView, adminSponsorBody } from '@jinb/contract';
import { call } from '../../shared/api/call';
import { PicturePreview } from '../../shared/form/previews';
import { type ContentKind, ContentTable } from './ContentTable';
import { contentMessages as t } from './messages';

const sponsors: ContentKind<AdminSponsorView> = {
  list: () => call('adminSponsors'),
  create: (body) => call('adminSponsorCreate', { body: body as never }),
  update: (id, body) => call('adminSponsorUpdate', { params: { id }, body: body as never }),
  remove: (id) => call('adminSponsorDelete', { params: { id } }),
  calls: { create: 'adminSponsorCreate', update: 'adminSponsorUpdate', remove: 'adminSponsorDelete' },
  schema: adminSponsorBody,
  createTitle: t.sponsors.createTitle,
  editTitle: t.sponsors.editTitle,
  columns: [
    { title: t.common.title, dataIndex: 'title' },
    { title: t.sponsors.period, dataIndex: 'period' },
    { title: t.common.summary, dataIndex: 'summary', ellipsis: true },
    { title: t.common.sort, dataIndex: 'sort' },
  ],
  defaults: { active: true, sort: 0 },
  toForm: (row) => ({
    title: row.title,
    image: row.image,
    summary: row.summary,
    content: row.content,
    period: row.period,
    sort: row.sort,
    active: row.active,
    i18n: row.i18n,
  }),
  fields: (
    <>
      <ProFormText name="image" label={t.common.image} width="lg" />
      <ProFormDigit name="sort" label={t.common.sort} fieldProps={{ precision: 0 }} />
      <ProFormSwitch name="active" label={t.common.active} />
    </>
  ),
  localized: [
    { name: 'title', label: t.common.title, required: true, max: 120 },
    { name: 'period', label: t.sponsors.period, max: 60 },
    { name: 'summary', label: t.common.summary, kind: 'textarea', rows: 2, max: 500 },
    { name: 'content', label: t.common.content, kind: 'textarea', rows: 6, max: 20000 },
  ],
  preview: (texts, values) => (
    <PicturePreview
      image={String(values.image ?? '')}
      title={`${texts.title}${texts.period ? ` · ${texts.period}` : ''}`}
      content={texts.content || texts.summary}
    />
  ),
};

/** 赞助: the brand's sponsorships (/app/sponsor), texts per language. */
export default function SponsorsPage() {
  return <ContentTable kind={sponsors} />;
}
