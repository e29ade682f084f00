import { type Locale, registerLocale } from '../../shared/i18n/i18n';

const zhCN = {
  title: '兑换码',
  detailTitle: '兑换详情',
  inputLabel: '兑换码',
  placeholder: '请输入兑换码',
  redeem: '兑换',
  required: '请输入兑换码',
  redeemed: '兑换成功，¥{{amount}} 已到账',
  hint: '兑换的彩金需完成相应流水后方可提现',
  records: '兑换记录',
  empty: '暂无兑换记录',
  amount: '兑换金额',
  code: '兑换码',
  multiple: '流水倍数',
  multipleValue: '{{multiple}} 倍',
  turnover: '所需流水',
  time: '兑换时间',
  status: '状态',
  credited: '已到账',
  notFound: '未找到该兑换记录',
  backToRecords: '返回兑换记录',
};

export const redemptionLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    title: '兌換碼',
    detailTitle: '兌換詳情',
    inputLabel: '兌換碼',
    placeholder: '請輸入兌換碼',
    redeem: '兌換',
    required: '請輸入兌換碼',
    redeemed: '兌換成功，¥{{amount}} 已到賬',
    hint: '兌換的彩金需完成相應流水後方可提現',
    records: '兌換記錄',
    empty: '暫無兌換記錄',
    amount: '兌換金額',
    code: '兌換碼',
    multiple: '流水倍數',
    multipleValue: '{{multiple}} 倍',
    turnover: '所需流水',
    time: '兌換時間',
    status: '狀態',
    credited: '已到賬',
    notFound: '未找到該兌換記錄',
    backToRecords: '返回兌換記錄',
  },
};

registerLocale('redemption', redemptionLocale);
