import './resolve-site-react';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../i18n/i18n';
import { installAntdRender } from '../ui/antd-render';

await installAntdRender();

// Web tests run without vitest globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
