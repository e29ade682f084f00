import { type Locale, registerLocale } from '../i18n/i18n';

/** The words of the form pieces every member form shares (captcha, SMS code, phone, passwords). */
const zhCN = {
  area: '区号',
  areaPlaceholder: '请选择区号',
  areaLoadFailed: '区号加载失败，点击重试',
  phone: '手机号码',
  phonePlaceholder: '请输入手机号码',
  captcha: '图形验证码',
  captchaPlaceholder: '请输入验证码',
  captchaImage: '图形验证码图片',
  captchaRefresh: '换一张',
  smsCode: '短信验证码',
  smsCodePlaceholder: '6位验证码',
  sendCode: '获取验证码',
  resendIn: '{{seconds}}秒后重发',
  codeSent: '验证码已发送',
  showPassword: '显示',
  hidePassword: '隐藏',
  passwordMismatch: '两次输入的密码不一致',
  withdrawPassword: '提现密码',
  withdrawPasswordPlaceholder: '请输入6位数字',
  showWithdrawPassword: '显示密码',
  hideWithdrawPassword: '隐藏密码',
  withdrawPasswordTitle: '请输入提现密码',
  withdrawPasswordLabel: '提现密码（6位数字）',
};

export const formsLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    area: '區號',
    areaPlaceholder: '請選擇區號',
    areaLoadFailed: '區號載入失敗，點擊重試',
    phone: '手機號碼',
    phonePlaceholder: '請輸入手機號碼',
    captcha: '圖形驗證碼',
    captchaPlaceholder: '請輸入驗證碼',
    captchaImage: '圖形驗證碼圖片',
    captchaRefresh: '換一張',
    smsCode: '短信驗證碼',
    smsCodePlaceholder: '6位驗證碼',
    sendCode: '獲取驗證碼',
    resendIn: '{{seconds}}秒後重發',
    codeSent: '驗證碼已發送',
    showPassword: '顯示',
    hidePassword: '隱藏',
    passwordMismatch: '兩次輸入的密碼不一致',
    withdrawPassword: '提現密碼',
    withdrawPasswordPlaceholder: '請輸入6位數字',
    showWithdrawPassword: '顯示密碼',
    hideWithdrawPassword: '隱藏密碼',
    withdrawPasswordTitle: '請輸入提現密碼',
    withdrawPasswordLabel: '提現密碼（6位數字）',
  },
};

registerLocale('forms', formsLocale);
