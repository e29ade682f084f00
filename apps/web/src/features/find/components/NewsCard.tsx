import type { NewsSummary } from '@jinb/contract';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { formatDate } from '../../../shared/ui/format-date';
import styles from './NewsCard.module.css';

export function NewsCard({ news }: { news: NewsSummary }) {
  return (
    <Link to={`${paths.newsDetail}?id=${news.id}`} className={styles.card}>
      <div className={styles.text}>
        <h2 className={styles.title}>{news.title}</h2>
        {news.summary && <p className={styles.summary}>{news.summary}</p>}
        <time className={styles.date} dateTime={news.publishedAt}>
          {formatDate(news.publishedAt)}
        </time>
      </div>
      {news.image && (
        <img className={styles.image} src={news.image} alt="" width={112} height={84} loading="lazy" decoding="async" />
      )}
    </Link>
  );
}
