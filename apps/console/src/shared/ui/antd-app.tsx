import { App } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI } from 'antd/es/modal/useModal';
import { useEffect } from 'react';

/**
 * antd's message and modal functions bound to the console's ConfigProvider (locale, theme): the static ones would
 * render outside it. <AntdBridge/> (inside antd's <App>) hands them to plain functions such as confirmAction.
 */
let bound: { message: MessageInstance; modal: HookAPI } | null = null;

export function AntdBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    bound = { message, modal };
  }, [message, modal]);
  return null;
}

export function antdApi(): { message: MessageInstance; modal: HookAPI } {
  if (!bound) throw new Error('AntdBridge is not mounted');
  return bound;
}
