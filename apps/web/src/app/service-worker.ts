/**
 * Registers the worker at the root scope (spec section 4). When an updated worker takes over, the page reloads
 * once so it runs the code the worker now serves; a second activation in the same page life does not loop.
 * Registration waits for the page's load event (installing precaches the whole site, which must not compete with
 * the first screen), so its code is fetched then too.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  let reloading = false;
  const register = () =>
    import('virtual:pwa-register').then(
      ({ registerSW }) =>
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
        }),
      (error: unknown) => console.error('service worker registration failed', error),
    );
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
