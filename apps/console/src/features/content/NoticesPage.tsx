import { ProFormDateTimePicker, ProFormDigit, ProFormSwitch } from '@ant-design/pro-components';
import { type AdminNoticeView, adminNoticeBody } from '@jinb/contract';
import { Tag } from 'antd';
import { call } from '../../shared/api/call';
import { TextPreview } from '../../shared/form/previews';
import { formatTime, TimeText } from '../../shared/ui/TimeText';
import { type ContentKind, ContentTable } from './ContentTable';
import { contentMessages as t } from './messages';

const time = (value: string | null) => (value ? formatTime(value) : '');

const notices: ContentKind<AdminNoticeView> = {
  list: () => call('adminNotices'),
  create: (body) => call('adminNoticeCreate', { body: body as never }),
  update: (id, body) => call('adminNoticeUpdate', { params: { id }, body: body as never }),
  remove: (id) => call('adminNoticeDelete', { params: { id } }),
  calls: { create: 'adminNoticeCreate', update: 'adminNoticeUpdate', remove: 'adminNoticeDelete' },
  schema: adminNoticeBody,
  createTitle: t.notices.createTitle,
  editTitle: t.notices.editTitle,
  columns: [
    { title: t.common.title, dataIndex: 'title', ellipsis: true },
    {
      title: t.notices.popup,
      dataIndex: 'popup',
      render: (_, row) => (row.popup ? <Tag color="gold">{t.notices.popup}</Tag> : '-'),
    },
    { title: t.common.startAt, dataIndex: 'startAt', render: (_, row) => <TimeText value={row.startAt} /> },
    { title: t.common.endAt, dataIndex: 'endAt', render: (_, row) => <TimeText value={row.endAt} /> },
    { title: t.common.sort, dataIndex: 'sort' },
  ],
  defaults: { popup: false, active: true, sort: 0 },
  toForm: (row) => ({
    title: row.title,
    content: row.content,
    popup: row.popup,
    startAt: time(row.startAt),
    endAt: time(row.endAt),
    sort: row.sort,
    active: row.active,
    i18n: row.i18n,
  }),
  fields: (
    <>
      <ProFormDateTimePicker name="startAt" label={t.common.startAt} />
      <ProFormDateTimePicker name="endAt" label={t.common.endAt} />
      <ProFormDigit name="sort" label={t.common.sort} fieldProps={{ precision: 0 }} />
      <ProFormSwitch name="popup" label={t.notices.popup} />
      <ProFormSwitch name="active" label={t.common.active} />
    </>
  ),
  localized: [
    { name: 'title', label: t.common.title, required: true, max: 120 },
    { name: 'content', label: t.common.content, kind: 'textarea', rows: 6, max: 5000 },
  ],
  preview: (texts) => <TextPreview title={texts.title} content={texts.content} />,
};

/** 公告: the home page's marquee and popup announcements, their windows and texts per language. */
export default function NoticesPage() {
  return <ContentTable kind={notices} />;
}
