import type { Lang } from '@jinb/contract';

/** What a use case may know about the caller's client, gathered once by the route layer. */
export type ClientInfo = {
  ip: string;
  deviceNo: string;
  lang: Lang;
  /** Which captcha this client was shown: its device id, or its IP when it sends none. */
  captchaKey: string;
  /** The browser's User-Agent header (cut to 512 characters): the sign-in history names the device from it. */
  userAgent?: string;
};
