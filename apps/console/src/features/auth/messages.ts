/** The sign-in page's words. */
export const authMessages = {
  title: '金币运营后台',
  subtitle: '运营人员登录',
  account: '账号',
  accountRequired: '请输入账号',
  password: '密码',
  passwordRequired: '请输入密码',
  captcha: '验证码',
  captchaRequired: '请输入验证码',
  captchaImage: '验证码图片，点击刷新',
  captchaFailed: '验证码加载失败，点击重试',
  otp: '动态验证码',
  otpHint: '请输入身份验证器 App 中显示的 6 位动态码',
  otpRequired: '请输入 6 位动态验证码',
  submit: '登录',
} as const;
