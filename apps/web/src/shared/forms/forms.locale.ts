import type { ErrorCode } from '@jinb/contract';
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

/**
 * The messages of the checks the site makes itself before sending (a form field's format, a box left empty, the
 * withdrawal password not set yet), under the server's codes for them: the zod schemas the forms share with the
 * server answer with a code, looked up here (`t(code, { ns: 'errors' })`). Only these, not the server's whole
 * table: every other refusal comes from the server with its message. Each reads exactly as the server's message
 * for the same code, and every code a form's schema can answer is here (app/translations.test.ts). In this file
 * rather than one of their own: every form loads both, and a chunk of 0.7 kB of its own is one more request.
 */
const fieldErrorsZhCN = {
  VALIDATION: '输入有误，请检查后重试',
  BAD_REQUEST: '请求有误，请检查后重试',
  REQUIRED_ACCOUNT: '请输入账号',
  ACCOUNT_FORMAT: '请输入4-11位数字和字母',
  REQUIRED_PASSWORD: '请输入密码',
  PASSWORD_FORMAT: '密码须为6-20位，且同时包含字母和数字',
  PASSWORD_SAME: '新密码不能与旧密码相同',
  REQUIRED_CAPTCHA: '请输入图形验证码',
  CAPTCHA_WRONG: '图形验证码错误，请重新输入',
  AREA_UNKNOWN: '暂不支持该地区号码',
  REQUIRED_PHONE: '请输入手机号码',
  PHONE_FORMAT: '请输入正确的手机号码',
  REQUIRED_SMS_CODE: '请输入手机验证码',
  CODE_WRONG: '验证码错误',
  REQUIRED_EMAIL: '请输入邮箱',
  EMAIL_FORMAT: '请输入正确的邮箱地址',
  REQUIRED_EMAIL_CODE: '请输入邮箱验证码',
  INVITE_CODE_UNKNOWN: '邀请码无效',
  TERMS_REQUIRED: '请确认您已年满18周岁并同意相关条款',
  NAME_FORMAT: '请输入2-30位真实姓名',
  NICKNAME_FORMAT: '昵称须为1-16个字符',
  WITHDRAW_PASSWORD_NOT_SET: '为了您的账户安全，请先设置提现密码',
  WITHDRAW_PASSWORD_FORMAT: '提现密码须为6位数字',
  BANK_CARD_FORMAT: '请输入正确的银行卡号',
  ALIPAY_FORMAT: '请输入正确的支付宝账号',
} satisfies Partial<Record<ErrorCode, string>>;

export const fieldErrorsLocale: Locale<typeof fieldErrorsZhCN> = {
  'zh-CN': fieldErrorsZhCN,
  'zh-HK': {
    VALIDATION: '輸入有誤，請檢查後重試',
    BAD_REQUEST: '請求有誤，請檢查後重試',
    REQUIRED_ACCOUNT: '請輸入賬號',
    ACCOUNT_FORMAT: '請輸入4-11位數字和字母',
    REQUIRED_PASSWORD: '請輸入密碼',
    PASSWORD_FORMAT: '密碼須為6-20位，且同時包含字母和數字',
    PASSWORD_SAME: '新密碼不能與舊密碼相同',
    REQUIRED_CAPTCHA: '請輸入圖形驗證碼',
    CAPTCHA_WRONG: '圖形驗證碼錯誤，請重新輸入',
    AREA_UNKNOWN: '暫不支援該地區號碼',
    REQUIRED_PHONE: '請輸入手機號碼',
    PHONE_FORMAT: '請輸入正確的手機號碼',
    REQUIRED_SMS_CODE: '請輸入手機驗證碼',
    CODE_WRONG: '驗證碼錯誤',
    REQUIRED_EMAIL: '請輸入郵箱',
    EMAIL_FORMAT: '請輸入正確的郵箱地址',
    REQUIRED_EMAIL_CODE: '請輸入郵箱驗證碼',
    INVITE_CODE_UNKNOWN: '邀請碼無效',
    TERMS_REQUIRED: '請確認您已年滿18周歲並同意相關條款',
    NAME_FORMAT: '請輸入2-30位真實姓名',
    NICKNAME_FORMAT: '暱稱須為1-16個字符',
    WITHDRAW_PASSWORD_NOT_SET: '為了您的賬戶安全，請先設置提現密碼',
    WITHDRAW_PASSWORD_FORMAT: '提現密碼須為6位數字',
    BANK_CARD_FORMAT: '請輸入正確的銀行卡號',
    ALIPAY_FORMAT: '請輸入正確的支付寶賬號',
  },
};

registerLocale('errors', fieldErrorsLocale);
