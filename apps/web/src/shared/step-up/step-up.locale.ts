import { type Locale, registerLocale } from '../i18n/i18n';

const zhCN = {
  title: '安全验证',
  intro: '为了您的账户安全，请先验证身份。验证后 5 分钟内可继续修改。',
  byPassword: '登录密码',
  bySms: '短信验证',
  password: '登录密码',
  passwordPlaceholder: '请输入登录密码',
  smsHint: '验证码将发送至 +{{area}} {{phone}}',
  smsCode: '验证码',
  smsCodePlaceholder: '请输入6位验证码',
  confirm: '验证',
  cancel: '取消',
  verified: '验证成功',
};

export const stepUpLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    title: '安全驗證',
    intro: '為了您的帳戶安全，請先驗證身份。驗證後 5 分鐘內可繼續修改。',
    byPassword: '登入密碼',
    bySms: '短信驗證',
    password: '登入密碼',
    passwordPlaceholder: '請輸入登入密碼',
    smsHint: '驗證碼將發送至 +{{area}} {{phone}}',
    smsCode: '驗證碼',
    smsCodePlaceholder: '請輸入6位驗證碼',
    confirm: '驗證',
    cancel: '取消',
    verified: '驗證成功',
  },
};

registerLocale('stepUp', stepUpLocale);
