import {
  ModalForm,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormGroup,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import { adminPromotionBody, DEPOSIT_KINDS, PROMOTION_FREQUENCIES, PROMOTION_KINDS } from '@jinb/contract';
import type { Result } from '@jinb/contract/endpoints';
import { Form } from 'antd';
import { type ReactElement, useRef } from 'react';
import { call } from '../../../shared/api/call';
import { LocalizedFields } from '../../../shared/form/LocalizedFields';
import { PicturePreview } from '../../../shared/form/previews';
import { submitChecked } from '../../../shared/form/zod-form';
import { formatTime } from '../../../shared/ui/TimeText';
import { rewardsMessages as t } from '../messages';

type Promotion = Result<'adminPromotions'>[number];
type Values = {
  title: string;
  summary: string;
  content: string;
  image: string;
  startAt: string;
  endAt: string;
  sort: number;
  active: boolean;
  kind: Promotion['kind'];
  rate: string;
  cap: string;
  minAmount: string;
  maxAmount: string;
  dailyPool: string;
  minLevel: number;
  channelKinds: Promotion['channelKinds'];
  frequency: Promotion['frequency'];
  multiple: string;
  i18n: Record<string, Record<string, string>>;
};

const time = (value: string | null) => (value ? formatTime(value) : '');

/** The form's values of an activity: its rule from the list, its texts and picture from their own call. */
async function initialValues(promotion: Promotion | null): Promise<Partial<Values>> {
  if (!promotion)
    return { kind: 'red_packet', frequency: 'once', active: true, sort: 0, minLevel: 0, multiple: '1', i18n: {} };
  const texts = await call('adminPromotionTexts', { params: { id: promotion.promoId } });
  return {
    ...texts,
    startAt: time(promotion.startAt),
    endAt: time(promotion.endAt),
    sort: promotion.sort,
    active: promotion.active,
    kind: promotion.kind,
    rate: promotion.rate,
    cap: promotion.cap,
    minAmount: promotion.minAmount,
    maxAmount: promotion.maxAmount,
    dailyPool: promotion.dailyPool,
    minLevel: promotion.minLevel,
    channelKinds: promotion.channelKinds,
    frequency: promotion.frequency,
    multiple: promotion.multiple,
  };
}

/**
 * An activity: its rule (kind, rate, cap, amounts, level, channels, frequency, turnover, window) and its texts per
 * language with the picture, previewed as the activity page shows them. The rule and the default texts are one
 * call; the other languages' texts a second (adminPromoTexts), made only when they changed.
 */
export function PromotionForm({
  promotion,
  trigger,
  onSaved,
}: {
  promotion: Promotion | null;
  trigger: ReactElement;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const loadedI18n = useRef('{}');
  return (
    <ModalForm<Values>
      title={promotion ? t.activities.editTitle : t.activities.createTitle}
      form={form}
      width={1000}
      trigger={trigger}
      modalProps={{ destroyOnHidden: true }}
      request={async () => {
        const values = await initialValues(promotion);
        loadedI18n.current = JSON.stringify(values.i18n ?? {});
        return values as Values;
      }}
      onFinish={(values) =>
        submitChecked(form, adminPromotionBody, values, async ({ i18n, ...body }) => {
          const saved = promotion
            ? await call('adminPromotionUpdate', { params: { id: promotion.promoId }, body })
            : await call('adminPromotionCreate', { body });
          if (JSON.stringify(i18n ?? {}) !== loadedI18n.current)
            await call('adminPromoTexts', { params: { id: saved.promoId }, body: { i18n } });
          onSaved();
        })
      }
    >
      <ProFormGroup>
        <ProFormSelect
          name="kind"
          label={t.activities.kind}
          width="sm"
          options={PROMOTION_KINDS.map((value) => ({ value, label: t.activities.kinds[value] }))}
          rules={[{ required: true }]}
        />
        <ProFormSelect
          name="frequency"
          label={t.activities.frequency}
          width="sm"
          options={PROMOTION_FREQUENCIES.map((value) => ({ value, label: t.activities.frequencies[value] }))}
        />
        <ProFormText name="rate" label={t.activities.rate} width="xs" />
        <ProFormText name="cap" label={t.activities.cap} width="sm" />
        <ProFormText name="minAmount" label={t.activities.minAmount} width="sm" />
        <ProFormText name="maxAmount" label={t.activities.maxAmount} width="sm" />
        <ProFormText name="dailyPool" label={t.activities.dailyPool} width="sm" />
        <ProFormDigit
          name="minLevel"
          label={t.common.minLevel}
          width="xs"
          min={0}
          max={100}
          fieldProps={{ precision: 0 }}
        />
        <ProFormText name="multiple" label={t.common.multiple} tooltip={t.common.multipleHint} width="xs" />
        <ProFormSelect
          name="channelKinds"
          label={t.activities.channelKinds}
          mode="multiple"
          width="md"
          options={DEPOSIT_KINDS.map((value) => ({ value, label: t.activities.channelNames[value] }))}
        />
        <ProFormDateTimePicker name="startAt" label={t.activities.startAt} width="sm" />
        <ProFormDateTimePicker name="endAt" label={t.activities.endAt} width="sm" />
        <ProFormDigit name="sort" label={t.common.sort} width="xs" min={0} fieldProps={{ precision: 0 }} />
        <ProFormSwitch name="active" label={t.common.active} />
        <ProFormText name="image" label={t.activities.image} width="lg" />
      </ProFormGroup>
      <LocalizedFields
        fields={[
          { name: 'title', label: t.activities.title, required: true, max: 60 },
          { name: 'summary', label: t.activities.summary, max: 200 },
          { name: 'content', label: t.activities.content, kind: 'textarea', rows: 8, max: 5000 },
        ]}
        preview={(texts) => (
          <PicturePreview
            image={String(form.getFieldValue('image') ?? '')}
            title={texts.title}
            content={texts.content || texts.summary}
          />
        )}
      />
    </ModalForm>
  );
}
