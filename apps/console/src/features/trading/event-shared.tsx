import type { AdminEventView } from '@jinb/contract/sports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Can } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { confirmAction } from '../../shared/ui/confirmAction';
import { Page } from '../../shared/ui/Page';
import { tradingMessages as t } from './messages';
import { eventQuery, tradingKeys } from './trading.queries';

export type RouteEvent = {
  id: string;
  /** The page to show instead while the event loads or cannot be read. */
  placeholder: ReactNode | null;
  event: AdminEventView | undefined;
  /** Reads the event again. */
  refresh: () => void;
  /** Keeps an answer that carries the event (a live change, a suspension) and reads it again behind it. */
  took: (view: AdminEventView) => void;
};

/** The event of the page's `:id`, polled (eventQuery), with the page shown while it loads or fails. */
export function useRouteEvent(): RouteEvent {
  const { id = '' } = useParams();
  const client = useQueryClient();
  const query = useQuery(eventQuery(id));
  const refresh = () => void client.invalidateQueries({ queryKey: tradingKeys.event(id) });
  const took = (view: AdminEventView) => {
    client.setQueryData(tradingKeys.event(id), view);
    refresh();
  };
  const placeholder = query.isError ? (
    <Page>
      <Alert type="error" showIcon message={query.error.message} />
    </Page>
  ) : !query.data ? (
    <Page>
      <Spin />
    </Page>
  ) : null;
  return { id, placeholder, event: query.data, refresh, took };
}

/** The whole event to suspend (every open market) or resume, asked first; `label` is the page's wording. */
export function EventSwitchButton(props: {
  id: string;
  to: 'suspend' | 'resume';
  label: string;
  disabled?: boolean;
  danger?: boolean;
  onDone: (view: AdminEventView) => void;
}) {
  const suspend = props.to === 'suspend';
  const endpoint = suspend ? 'adminSportsEventSuspend' : 'adminSportsEventResume';
  return (
    <Can call={endpoint}>
      <Button
        danger={props.danger}
        disabled={props.disabled}
        onClick={() =>
          confirmAction({
            title: suspend ? t.event.suspendTitle : t.event.resumeTitle,
            content: suspend ? t.event.suspendText : t.event.resumeText,
            danger: suspend,
            action: () => call(endpoint, { params: { id: props.id } }),
            success: suspend ? t.event.suspended : t.event.resumed,
            onDone: props.onDone,
          })
        }
      >
        {props.label}
      </Button>
    </Can>
  );
}
