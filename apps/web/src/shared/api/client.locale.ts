import type { Locale } from '../i18n/i18n';

/**
 * What the client says when a call fails without a message from the server to show: the network dropped it, the
 * time limit ran out, the answer was unreadable, the session had expired. Every other refusal shows the server's
 * own message (`data` of the envelope, already in the request's language), so the site never carries the server's
 * message table: it grows with every server feature and would grow every first screen with it (the shell loads
 * this file). Keys that are server error codes read exactly as the server says them (app/translations.test.ts).
 */
const zhCN = {
  NETWORK: '网络连接失败，请重试',
  TIMEOUT: '请求超时，请重试',
  RETRY: '请重试',
  INTERNAL: '系统繁忙，请重试',
  SESSION_EXPIRED: '登录已过期，请重新登录',
  CODE_SEND_FAILED: '获取验证码失败',
};

export const clientLocale: Locale<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-HK': {
    NETWORK: '網絡連接失敗，請重試',
    TIMEOUT: '請求超時，請重試',
    RETRY: '請重試',
    INTERNAL: '系統繁忙，請重試',
    SESSION_EXPIRED: '登入已過期，請重新登入',
    CODE_SEND_FAILED: '獲取驗證碼失敗',
  },
};

export type ClientFailure = keyof typeof zhCN;
