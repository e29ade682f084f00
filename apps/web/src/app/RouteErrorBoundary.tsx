import { Button } from 'antd-mobile';
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../shared/i18n/use-translation';
import './app.locale';
import { ErrorState } from '../shared/ui/states';

function PageFailed() {
  const { t } = useTranslation('app');
  return (
    <div className="route-error" role="alert">
      <ErrorState message={t('pageFailedHint')} />
      <Button color="primary" shape="rounded" onClick={() => window.location.reload()}>
        {t('reload')}
      </Button>
    </div>
  );
}

type BoundaryProps = { children: ReactNode };

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('page failed', error);
  }

  override render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}

/**
 * A page that could not load or crashed. The usual cause is a chunk from an older release that is gone after an
 * update, so the way out is a full reload. Moving to another route starts over with a fresh boundary.
 */
export function RouteErrorBoundary({ children }: BoundaryProps) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}
