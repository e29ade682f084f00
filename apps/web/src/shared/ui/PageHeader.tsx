import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../i18n/use-translation';

type PageHeaderProps = {
  title: ReactNode;
  /** Where the back arrow goes when there is no history to pop (a deep link opened directly). */
  fallback?: string;
  right?: ReactNode;
  /** Tab pages have no back arrow. */
  noBack?: boolean;
};

/** The sticky title bar every inner page uses; its title is the page's heading and its arrow is named 返回. */
export function PageHeader({ title, fallback = '/app/home', right, noBack }: PageHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => {
    if (window.history.state && typeof window.history.state.idx === 'number' && window.history.state.idx > 0) {
      navigate(-1);
    } else {
      navigate(fallback, { replace: true });
    }
  };
  return (
    <NavBar
      className="page-header"
      back={noBack ? null : <span className="visually-hidden">{t('back')}</span>}
      backIcon={noBack ? null : undefined}
      onBack={noBack ? undefined : goBack}
      right={right}
      style={{ position: 'sticky', top: 0, zIndex: 10, background: 'var(--app-header-bg, #fff)' }}
    >
      <h1 style={{ margin: 0, font: 'inherit' }}>{title}</h1>
    </NavBar>
  );
}
