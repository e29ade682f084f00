import type { ToastShowProps } from 'antd-mobile/es/components/toast';
import { installAntdRender } from './antd-render';

type ToastModule = typeof import('antd-mobile/es/components/toast');

let toastModule: Promise<ToastModule> | undefined;
let loadedToast: ToastModule['default'] | undefined;

/**
 * antd-mobile's Toast brings the animation library with it, which the first screen does not need, so it is
 * fetched on first use (or earlier through preloadToast, for toasts that must work offline). Once it is here,
 * toasts show at once, in the order they were asked for.
 */
export function preloadToast(): Promise<ToastModule> {
  toastModule ??= Promise.all([import('antd-mobile/es/components/toast'), installAntdRender()]).then(([module]) => {
    loadedToast = module.default;
    return module;
  });
  toastModule.catch(() => {
    toastModule = undefined;
  });
  return toastModule;
}

/** Runs `use` with antd-mobile's Toast: at once when it is here, else as soon as it has loaded. */
export function withToast(use: (Toast: ToastModule['default']) => void): void {
  if (loadedToast) {
    use(loadedToast);
    return;
  }
  preloadToast().then(
    ({ default: Toast }) => use(Toast),
    (error: unknown) => console.error('toast failed to load', error),
  );
}

export function showToast(props: ToastShowProps | string): void {
  withToast((Toast) => Toast.show(props));
}
