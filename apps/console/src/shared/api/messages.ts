/** What the console says about a call the server did not answer with a message of its own. */
export const apiMessages = {
  network: '网络连接失败，请检查网络后重试',
  timeout: '服务器响应超时，请稍后重试',
  badResponse: '服务器返回的数据无法识别，请刷新后重试',
  failed: '操作失败，请稍后重试',
  sessionExpired: '登录已过期，请重新登录',
  downloadFailed: '导出失败，请稍后重试',
} as const;
