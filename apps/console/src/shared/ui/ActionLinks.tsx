import type { EndpointName } from '@jinb/contract/endpoints';
import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useCan } from '../access/access';
import { type ConfirmActionOptions, confirmAction } from './confirmAction';

type Common = {
  key: string;
  /** The call the action makes: the link shows only to the roles that may make it. */
  call: EndpointName;
  /** False when the row's state does not allow the action (a paid withdrawal has no 拒绝): nothing is shown. */
  when?: boolean;
};

/**
 * One action of a row: a link that asks before it calls (`confirm`, its title the link's label with `subject`), or
 * an opener of its own (`element`: a reason form, a modal form) that the helper only places and guards.
 */
export type RowAction =
  | (Common & {
      label: string;
      confirm: Omit<ConfirmActionOptions<unknown>, 'title'> & { title?: ReactNode };
      danger?: boolean;
    })
  | (Common & { element: ReactNode });

/**
 * A table row's action links in one place: each is shown only when the row allows it and the operator's role may make
 * its call, and a confirm-then-call link is one line of data instead of a `<Can>`, a link and a `confirmAction` block.
 * `subject` names the row in the confirmation's title (`出款 #42`).
 */
export function ActionLinks({ actions, subject }: { actions: RowAction[]; subject?: string }) {
  const can = useCan();
  const shown = actions.filter((action) => action.when !== false && can(action.call));
  if (!shown.length) return null;
  return (
    <Space size="middle" wrap>
      {shown.map((action) =>
        'element' in action ? (
          <span key={action.key}>{action.element}</span>
        ) : (
          <Typography.Link
            key={action.key}
            type={action.danger ? 'danger' : undefined}
            onClick={() =>
              void confirmAction({
                danger: action.danger,
                ...action.confirm,
                title: action.confirm.title ?? (subject ? `${action.label} ${subject}` : action.label),
              })
            }
          >
            {action.label}
          </Typography.Link>
        ),
      )}
    </Space>
  );
}
