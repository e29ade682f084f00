import { type Locale, registerLocale } from '../../shared/i18n/i18n';

const zhCN = {
  title: '消息中心',
  readAll: '全部已读',
  readAllDone: '已全部标为已读',
  readAllNone: '没有未读消息',
  unread: '未读',
  empty: '暂无消息',
  delete: '删除',
  deleteConfirm: '删除这条消息？删除后无法恢复。',
  deleted: '消息已删除',
  kinds: { system: '系统通知', operator: '平台公告' },
  detailTitle: '消息详情',
  missing: '消息不存在或已删除',
  backToInbox: '返回消息中心',
  backToList: '返回消息中心',
  newest: '这是您最新的一条消息',
  missingNewest: '该消息不存在或已删除，以下是您最新的一条消息',
  allMessages: '全部消息',
};

export const messagesLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    title: '消息中心',
    readAll: '全部已讀',
    readAllDone: '已全部標為已讀',
    readAllNone: '沒有未讀消息',
    unread: '未讀',
    empty: '暫無消息',
    delete: '刪除',
    deleteConfirm: '刪除這條消息？刪除後無法恢復。',
    deleted: '消息已刪除',
    kinds: { system: '系統通知', operator: '平台公告' },
    detailTitle: '消息詳情',
    missing: '消息不存在或已刪除',
    backToInbox: '返回消息中心',
    backToList: '返回消息中心',
    newest: '這是您最新的一條消息',
    missingNewest: '該消息不存在或已刪除，以下是您最新的一條消息',
    allMessages: '全部消息',
  },
};

registerLocale('messages', messagesLocale);
