import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { reportPageView } from './analytics';

/**
 * Reports the first page and every route change. The referrer of an in-site move is the page the member came
 * from; for the first page it is whatever brought them to the site.
 */
export function PageViewReporter() {
  const location = useLocation();
  const previous = useRef<string | null>(null);
  const current = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (previous.current === current) return;
    const referrer = previous.current === null ? document.referrer : `${window.location.origin}${previous.current}`;
    previous.current = current;
    reportPageView(current, referrer.slice(0, 512));
  }, [current]);

  return null;
}
