import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Two busy cores run the whole suite; antd's dialogs animate in. The test's own timeout still bounds every wait.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
