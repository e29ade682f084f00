import { ModalForm, ProFormDigit, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import type { AdminEventView } from '@jinb/contract/sports';
import { adminResultBody } from '@jinb/contract/sports';
import { Alert, Button, Form } from 'antd';
import { call } from '../../shared/api/call';
import { submitChecked } from '../../shared/form/zod-form';
import { antdApi } from '../../shared/ui/antd-app';
import { tradingMessages as t } from './messages';

type Values = { home?: number; away?: number; htHome?: number; htAway?: number; sets?: string; bestOf?: 3 | 5 };

/** "6-4, 3-6,7-5" -> [{home: 6, away: 4}, ...], or null when a set is not `home-away`. */
export function parseSets(text: string): Array<{ home: number; away: number }> | null {
  const parts = text
    .split(/[,，\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const sets = parts.map((part) => /^(\d{1,2})[-:：](\d{1,2})$/.exec(part));
  if (sets.some((match) => !match)) return null;
  return sets.map((match) => ({ home: Number(match?.[1]), away: Number(match?.[2]) }));
}

/** The result as the call's body: football and basketball the scores (half time both or neither), tennis the sets. */
function bodyOf(sport: AdminEventView['sport'], values: Values) {
  if (sport === 'tennis') return { sets: parseSets(values.sets ?? '') ?? undefined, bestOf: values.bestOf };
  const half = values.htHome !== undefined || values.htAway !== undefined;
  return {
    home: values.home,
    away: values.away,
    ...(half ? { htHome: values.htHome, htAway: values.htAway } : {}),
  };
}

/** 录入赛果 / 更正赛果: the result form; posting again corrects the result and resettles the bets. */
export function ResultForm({ event, onDone }: { event: AdminEventView; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const label = event.resultVersion > 0 ? t.event.correct : t.event.result;
  return (
    <ModalForm<Values>
      title={label}
      form={form}
      width={520}
      trigger={<Button type="primary">{label}</Button>}
      modalProps={{ destroyOnHidden: true }}
      initialValues={event.sport === 'tennis' ? { bestOf: 3 } : undefined}
      onFinish={async (values) => {
        if (event.sport === 'tennis' && !parseSets(values.sets ?? '')) {
          form.setFields([{ name: 'sets', errors: [t.event.setsInvalid] }]);
          return false;
        }
        return submitChecked(form, adminResultBody, bodyOf(event.sport, values), async (body) => {
          await call('adminSportsEventResult', { params: { id: event.id }, body });
          void antdApi().message.success(t.event.resultPosted);
          onDone();
        });
      }}
    >
      <Alert type="warning" showIcon message={t.event.resultText} style={{ marginBottom: 16 }} />
      {event.sport === 'tennis' ? (
        <>
          <ProFormText name="sets" label={t.event.sets} placeholder={t.event.setsHelp} />
          <ProFormSelect
            name="bestOf"
            label={t.event.bestOf}
            options={[3, 5].map((n) => ({ value: n, label: t.event.bestOfOption(n) }))}
          />
        </>
      ) : (
        <>
          <ProFormDigit
            name="home"
            label={`${t.event.home}（${event.home}）`}
            min={0}
            max={999}
            fieldProps={{ precision: 0 }}
          />
          <ProFormDigit
            name="away"
            label={`${t.event.away}（${event.away}）`}
            min={0}
            max={999}
            fieldProps={{ precision: 0 }}
          />
          <ProFormDigit name="htHome" label={t.event.htHome} min={0} max={999} fieldProps={{ precision: 0 }} />
          <ProFormDigit name="htAway" label={t.event.htAway} min={0} max={999} fieldProps={{ precision: 0 }} />
        </>
      )}
    </ModalForm>
  );
}
