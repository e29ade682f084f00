import { Badge, Grid, List } from 'antd-mobile';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useUnread } from '../../../shared/session/session.queries';
import '../account.locale';
import styles from '../account.module.css';
import { type CenterEntry, centerEntries, enabledEntries } from '../center-entries';

/** The member features that work today: wallet shortcuts as a grid, the rest as a list; hidden ones render nothing. */
export function CenterEntries({ entries = centerEntries }: { entries?: readonly CenterEntry[] }) {
  const { t } = useTranslation('account');
  const unread = useUnread();
  const wallet = enabledEntries('wallet', entries);
  const service = enabledEntries('service', entries);
  const badgeOf = (entry: CenterEntry) => (entry.badge === 'unread' && unread > 0 ? unread : null);

  return (
    <>
      {wallet.length > 0 && (
        <div className={styles.grid}>
          <Grid columns={4} gap={8}>
            {wallet.map((entry) => (
              <Grid.Item key={entry.key}>
                <Link to={entry.to} className={styles.gridItem}>
                  <Badge content={badgeOf(entry)}>
                    <span className={styles.entryIcon}>
                      <entry.icon fontSize={20} />
                    </span>
                  </Badge>
                  {t(`entries.${entry.key}`)}
                </Link>
              </Grid.Item>
            ))}
          </Grid>
        </div>
      )}
      {service.length > 0 && (
        <List className={styles.list}>
          {service.map((entry) => (
            <Link key={entry.key} to={entry.to} className={styles.rowLink}>
              <List.Item
                arrow
                prefix={
                  <span className={styles.entryIcon}>
                    <entry.icon />
                  </span>
                }
                extra={badgeOf(entry) !== null ? <Badge content={badgeOf(entry)} /> : undefined}
              >
                {t(`entries.${entry.key}`)}
              </List.Item>
            </Link>
          ))}
        </List>
      )}
    </>
  );
}
