import type { ReactElement } from 'react';
import type { Root } from 'react-dom/client';

type RootHost = (Element | DocumentFragment) & { __antdRoot?: Root };

let installed: Promise<void> | undefined;

/**
 * antd-mobile's Toast/Dialog render outside the tree; on React 19 they must be told to mount with createRoot.
 * The hook lives in antd-mobile's render helpers, which carry a legacy-render shim the first screen never uses,
 * so it is fetched right after start-up instead of with the entry; every toast or dialog comes from a later chunk.
 */
export function installAntdRender(): Promise<void> {
  installed ??= Promise.all([import('antd-mobile/es/utils/unstable-render'), import('react-dom/client')]).then(
    ([{ unstableSetRender }, { createRoot }]) => {
      unstableSetRender((node: ReactElement, container: Element | DocumentFragment) => {
        const host = container as RootHost;
        host.__antdRoot ??= createRoot(container);
        host.__antdRoot.render(node);
        return async () => {
          // Unmounting synchronously while React is rendering warns; one microtask later it is safe.
          await Promise.resolve();
          host.__antdRoot?.unmount();
          delete host.__antdRoot;
        };
      });
    },
  );
  return installed;
}
