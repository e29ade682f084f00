import type { TaskView } from '@jinb/contract';
import { Button, ProgressBar } from 'antd-mobile';
import { useTranslation } from '../../../shared/i18n/use-translation';
import styles from '../tasks.module.css';
import { money, progressPercent, progressText } from '../tasks-format';

type TaskRowProps = {
  task: TaskView;
  busy: boolean;
  onClaim: (task: TaskView) => void;
  onGo: (task: TaskView) => void;
};

/** One task: what to do, how far along, what it pays, and 去完成 / 领取 / 已领取. */
export function TaskRow({ task, busy, onClaim, onGo }: TaskRowProps) {
  const { t } = useTranslation('tasks');
  const [progress, target] = progressText(task);
  return (
    <article className={styles.task} aria-label={task.title} data-testid="task-row">
      <div className={styles.taskMain}>
        <h3 className={styles.taskTitle}>{task.title}</h3>
        {task.description && <p className={styles.taskDescription}>{task.description}</p>}
        <div className={styles.taskProgress}>
          <ProgressBar
            percent={progressPercent(task)}
            className={styles.bar}
            aria-label={t('progress', { progress, target })}
          />
          <span className={styles.taskProgressText}>
            {progress}/{target}
          </span>
        </div>
        <p className={styles.taskReward}>
          <span className={styles.rewardAmount}>{t('reward', { amount: money(task.reward) })}</span>
          {task.points > 0 && <span className={styles.rewardPoints}>{t('rewardPoints', { points: task.points })}</span>}
          {task.multiple !== '0' && (
            <span className={styles.rewardMultiple}>{t('multiple', { multiple: task.multiple })}</span>
          )}
        </p>
      </div>
      <div className={styles.taskAction}>
        {task.state === 'claimed' && (
          <Button size="small" shape="rounded" disabled className={styles.claimedButton}>
            {t('claimed')}
          </Button>
        )}
        {task.state === 'claimable' && (
          <Button
            size="small"
            shape="rounded"
            color="primary"
            loading={busy}
            className={styles.claimButton}
            onClick={() => onClaim(task)}
            aria-label={`${t('claim')} ${task.title}`}
          >
            {t('claim')}
          </Button>
        )}
        {task.state === 'doing' && (
          <Button
            size="small"
            shape="rounded"
            fill="outline"
            color="primary"
            className={styles.goButton}
            onClick={() => onGo(task)}
            aria-label={`${t('go')} ${task.title}`}
          >
            {t('go')}
          </Button>
        )}
      </div>
    </article>
  );
}
