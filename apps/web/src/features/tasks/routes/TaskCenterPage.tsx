import type { TaskKind, TaskTag, TaskView } from '@jinb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { refreshBalance } from '../../../shared/session/session.queries';
import { showError, showSuccess } from '../../../shared/ui/feedback';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PullRefresh } from '../../../shared/ui/PullRefresh';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { PointsCard } from '../components/PointsCard';
import { SignInStrip } from '../components/SignInStrip';
import { TaskRow } from '../components/TaskRow';
import { claimAllTasks, claimTask, openChest, signIn, taskContentQuery, taskGroupsQuery } from '../tasks.api';
import { money, whereToComplete } from '../tasks-format';
import { resetTaskThrottle, taskKeys } from '../tasks-session';
import '../tasks.locale';
import styles from '../tasks.module.css';

export default function TaskCenterPage() {
  const { t } = useTranslation('tasks');
  const client = useQueryClient();
  const navigate = useNavigate();
  const content = useQuery(taskContentQuery);
  const groups = useQuery(taskGroupsQuery);
  const [picked, setPicked] = useState<TaskKind | null>(null);
  const [tag, setTag] = useState<TaskTag | null>(null);

  // Whatever a claim changed: the head, the groups (asked again at once, past the throttle) and the balance.
  const changed = async () => {
    resetTaskThrottle();
    await Promise.all([client.invalidateQueries({ queryKey: taskKeys.all }), refreshBalance(client, true)]);
  };
  const claim = useMutation({
    mutationFn: (task: TaskView) => claimTask(task.id),
    onSuccess: async (result) => {
      showSuccess(t('claimedToast', { amount: money(result.amount) }));
      await changed();
    },
    onError: showError,
  });
  const claimAll = useMutation({
    mutationFn: claimAllTasks,
    onSuccess: async (result) => {
      showSuccess(t('claimedAllToast', { count: result.claimed, amount: money(result.amount) }));
      await changed();
    },
    onError: showError,
  });
  const chest = useMutation({
    mutationFn: (id: string) => openChest(id),
    onSuccess: async (result) => {
      showSuccess(t('chestOpened', { amount: money(result.amount) }));
      await changed();
    },
    onError: showError,
  });
  const sign = useMutation({
    mutationFn: signIn,
    onSuccess: async (result) => {
      showSuccess(Number(result.reward) > 0 ? t('signedIn', { amount: money(result.reward) }) : t('signedInNoReward'));
      await changed();
    },
    onError: showError,
  });

  const refresh = async () => {
    resetTaskThrottle();
    await Promise.all([content.refetch(), groups.refetch()]);
  };
  const go = (task: TaskView) => {
    const to = whereToComplete(task);
    if (to) void navigate(to);
    else if (!content.data?.signin.signedToday) sign.mutate();
  };

  const list = groups.data?.list ?? [];
  const active = list.find((group) => group.id === picked) ?? list[0];
  const claimable = list.reduce((sum, group) => sum + group.claimable, 0);
  // The kinds of task in this group (充值, 投注, 签到...): a filter only when there is more than one.
  const tags = [...new Set(active?.list.map((task) => task.tag) ?? [])];
  const shownTag = tag && tags.includes(tag) ? tag : null;
  const shown = active?.list.filter((task) => shownTag === null || task.tag === shownTag) ?? [];

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('title')}
        fallback={paths.center}
        right={
          <Link to={paths.taskRecords} className={styles.headerLink}>
            {t('recordsLink')}
          </Link>
        }
      />
      <PullRefresh onRefresh={refresh}>
        <div className={styles.body}>
          {content.isPending && <LoadingState minHeight={220} />}
          {content.isError && !content.data && (
            <ErrorState message={content.error.message} onRetry={() => void content.refetch()} />
          )}
          {content.data && (
            <>
              <PointsCard
                points={content.data.points}
                chests={content.data.chests}
                opening={chest.isPending ? (chest.variables ?? null) : null}
                onOpen={(one) => chest.mutate(one.id)}
              />
              <SignInStrip signin={content.data.signin} busy={sign.isPending} onSignIn={() => sign.mutate()} />
            </>
          )}

          <section className={styles.tasks}>
            {groups.isPending && <LoadingState minHeight={240} />}
            {groups.isError && !groups.data && (
              <ErrorState message={groups.error.message} onRetry={() => void refresh()} />
            )}
            {groups.data && list.length === 0 && <EmptyState description={t('empty')} />}
            {active && (
              <>
                <Tabs
                  activeKey={active.id}
                  onChange={(key) => {
                    setPicked(key as TaskKind);
                    setTag(null);
                  }}
                  className={styles.tabs}
                  aria-label={t('groupTabs')}
                >
                  {list.map((group) => (
                    <Tabs.Tab
                      key={group.id}
                      title={
                        <Badge content={group.claimable > 0 ? group.claimable : null} className={styles.tabBadge}>
                          <span>{t(`groups.${group.id}`)}</span>
                        </Badge>
                      }
                    />
                  ))}
                </Tabs>
                {tags.length > 1 && (
                  <fieldset className={styles.tags}>
                    <legend className="visually-hidden">{t('tagFilter')}</legend>
                    {[null, ...tags].map((one) => (
                      <button
                        key={one ?? 'all'}
                        type="button"
                        aria-pressed={one === shownTag}
                        className={one === shownTag ? styles.presetActive : styles.preset}
                        onClick={() => setTag(one)}
                      >
                        {t(`tags.${one ?? 'all'}`)}
                      </button>
                    ))}
                  </fieldset>
                )}
                <div className={styles.taskList}>
                  {shown.map((task) => (
                    <TaskRow
                      key={task.id}
                      task={task}
                      busy={claim.isPending && claim.variables?.id === task.id}
                      onClaim={(one) => claim.mutate(one)}
                      onGo={go}
                    />
                  ))}
                </div>
              </>
            )}
          </section>
        </div>
      </PullRefresh>
      {groups.data && (
        <div className={styles.footer}>
          <Button
            block
            shape="rounded"
            color="primary"
            disabled={claimable === 0}
            loading={claimAll.isPending}
            onClick={() => claimAll.mutate()}
          >
            {claimable > 0 ? t('claimAllCount', { count: claimable }) : t('claimAll')}
          </Button>
        </div>
      )}
    </div>
  );
}
