import { ProFormDigit, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { type AdminBannerView, adminBannerBody } from '@jinb/contract';
import { Image } from 'antd';
import { call } from '../../shared/api/call';
import { PicturePreview } from '../../shared/form/previews';
import { type ContentKind, ContentTable } from './ContentTable';
import { contentMessages as t } from './messages';

const banners: ContentKind<AdminBannerView> = {
  list: () => call('adminBanners'),
  create: (body) => call('adminBannerCreate', { body: body as never }),
  update: (id, body) => call('adminBannerUpdate', { params: { id }, body: body as never }),
  remove: (id) => call('adminBannerDelete', { params: { id } }),
  calls: { create: 'adminBannerCreate', update: 'adminBannerUpdate', remove: 'adminBannerDelete' },
  schema: adminBannerBody,
  createTitle: t.banners.createTitle,
  editTitle: t.banners.editTitle,
  columns: [
    {
      title: t.common.image,
      dataIndex: 'image',
      render: (_, row) => <Image src={row.image} alt={row.title} width={120} />,
    },
    { title: t.common.title, dataIndex: 'title' },
    { title: t.banners.link, dataIndex: 'link', render: (_, row) => row.link || '-' },
    { title: t.common.sort, dataIndex: 'sort' },
  ],
  defaults: { active: true, sort: 0, link: '' },
  toForm: (row) => ({
    title: row.title,
    image: row.image,
    link: row.link,
    sort: row.sort,
    active: row.active,
    i18n: row.i18n,
  }),
  fields: (
    <>
      <ProFormText name="image" label={t.common.image} width="lg" rules={[{ required: true }]} />
      <ProFormText name="link" label={t.banners.link} width="lg" />
      <ProFormDigit name="sort" label={t.common.sort} fieldProps={{ precision: 0 }} />
      <ProFormSwitch name="active" label={t.common.active} />
    </>
  ),
  localized: [{ name: 'title', label: t.common.title, required: true, max: 120 }],
  preview: (texts, values) => <PicturePreview image={String(values.image ?? '')} title={texts.title} />,
};

/** 轮播图: the home page's banners, their pictures and links, titles per language. */
export default function BannersPage() {
  return <ContentTable kind={banners} />;
}
