import type { FeedbackStatus } from '@jinb/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from '../../../shared/i18n/use-translation';
import '../feedback.locale';

/** The tag's colour: waiting stands out, answered is good news, closed is quiet. */
const COLOR: Record<FeedbackStatus, 'warning' | 'success' | 'default'> = {
  pending: 'warning',
  replied: 'success',
  closed: 'default',
};

/** 待回复 / 已回复 / 已关闭. */
export function StatusTag({ status }: { status: FeedbackStatus }) {
  const { t } = useTranslation('feedback');
  return (
    <Tag color={COLOR[status]} fill="outline" round>
      {t(`status.${status}`)}
    </Tag>
  );
}
