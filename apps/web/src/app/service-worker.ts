import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the worker at the root scope (spec section 4). When an updated worker takes over, the page reloads
 * once so it runs the code the worker now serves; a second activation in the same page life does not loop.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  let reloading = false;
  registerSW({
    immediate: true,
    onNeedReload() {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    },
    onRegisterError(error: unknown) {
      console.error('service worker registration failed', error);
    },
  });
}
