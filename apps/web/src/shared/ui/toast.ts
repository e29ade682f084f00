import type { ToastShowProps } from 'antd-mobile/es/components/toast';
import { installAntdRender } from './antd-render';

let toastModule: Promise<typeof import('antd-mobile/es/components/toast')> | undefined;

/**
 * antd-mobile's Toast brings the animation library with it, which the first screen does not need, so it is
 * fetched on first use (or earlier through preloadToast, for toasts that must work offline).
 */
export function preloadToast() {
  toastModule ??= Promise.all([import('antd-mobile/es/components/toast'), installAntdRender()]).then(
    ([module]) => module,
  );
  toastModule.catch(() => {
    toastModule = undefined;
  });
  return toastModule;
}

export function showToast(props: ToastShowProps | string): void {
  preloadToast().then(
    ({ default: Toast }) => Toast.show(props),
    (error: unknown) => console.error('toast failed to load', error),
  );
}
