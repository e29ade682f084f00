import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Pull-to-refresh with the site's own wording (antd-mobile's built-in texts do not follow the variant). */
export function PullRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={t('pullToRefresh')}
      canReleaseText={t('releaseToRefresh')}
      refreshingText={t('refreshing')}
      completeText={t('refreshed')}
    >
      {children}
    </PullToRefresh>
  );
}
