import { type Locale, registerLocale } from '../../shared/i18n/i18n';

const zhCN = {
  title: '发现',
  all: '全部',
  categories: '资讯分类',
  detailTitle: '资讯详情',
  empty: '暂无资讯',
  notFound: '资讯不存在或已下架',
  backToList: '返回资讯列表',
  newest: '最新资讯',
  missingNewest: '该资讯不存在或已下架，以下是最新资讯',
  allNews: '全部资讯',
};

export const findLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    title: '發現',
    all: '全部',
    categories: '資訊分類',
    detailTitle: '資訊詳情',
    empty: '暫無資訊',
    notFound: '資訊不存在或已下架',
    backToList: '返回資訊列表',
    newest: '最新資訊',
    missingNewest: '該資訊不存在或已下架，以下是最新資訊',
    allNews: '全部資訊',
  },
};

registerLocale('find', findLocale);
