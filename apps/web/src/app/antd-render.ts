import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type RootHost = (Element | DocumentFragment) & { __antdRoot?: Root };

/** antd-mobile's Toast/Dialog render outside the tree; on React 19 they must be told to mount with createRoot. */
export function installAntdRender(): void {
  unstableSetRender((node, container) => {
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
}
