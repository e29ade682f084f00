import { fields, type PhoneArea } from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { DotLoading, Form, Input, Picker } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { phoneAreasQuery } from './forms.api';
import './forms.locale';
import { type AnyForm, checkRule, fieldError } from './form-rules';
import styles from './forms.module.css';

/** Form values hold the picked area as the Picker's value: a one-element array. */
export function pickedArea(value: unknown): string {
  return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '';
}

/** Each area brings the pattern its national numbers follow; an unusable pattern falls back to the schema alone. */
export function matchesAreaPattern(area: PhoneArea | undefined, phone: string): boolean {
  if (!area) return true;
  try {
    return new RegExp(area.pattern).test(phone);
  } catch {
    return true;
  }
}

/** Calling code (picked from the server's list) and phone number, checked against that area's pattern. */
export function PhoneFields({ form }: { form: AnyForm }) {
  const { t } = useTranslation('forms');
  const areas = useQuery(phoneAreasQuery);

  useEffect(() => {
    const first = areas.data?.[0];
    if (first && !pickedArea(form.getFieldValue('area'))) {
      form.setFieldValue('area', [first.area]);
      // A tap on 获取验证码 before the list came left "请选择区号" under the area it now shows: check it again.
      form.validateFields(['area']).catch(() => {});
    }
  }, [areas.data, form]);

  const columns = [(areas.data ?? []).map((area) => ({ label: `+${area.area} ${area.name}`, value: area.area }))];

  return (
    <>
      <Form.Item
        name="area"
        label={t('area')}
        trigger="onConfirm"
        rules={[checkRule((value) => (pickedArea(value) ? null : t('areaPlaceholder')))]}
      >
        <Picker columns={columns} title={t('area')} loading={areas.isPending}>
          {(items, actions) => {
            const picked = items[0];
            return (
              <button
                type="button"
                className={styles.pickerButton}
                aria-label={picked ? `${t('area')} ${picked.label}` : t('areaPlaceholder')}
                onClick={areas.isError ? () => void areas.refetch() : actions.open}
              >
                {areas.isError ? (
                  <span className={styles.pickerError}>{t('areaLoadFailed')}</span>
                ) : picked ? (
                  <span>{picked.label}</span>
                ) : areas.isPending ? (
                  <DotLoading />
                ) : (
                  <span className={styles.pickerPlaceholder}>{t('areaPlaceholder')}</span>
                )}
                <DownOutline fontSize={12} aria-hidden />
              </button>
            );
          }}
        </Picker>
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('phone')}
        dependencies={['area']}
        rules={[
          checkRule((value) => {
            const phone = typeof value === 'string' ? value.trim() : '';
            const schemaError = fieldError(fields.phone, phone || undefined, t);
            if (schemaError) return schemaError;
            const area = areas.data?.find((item) => item.area === pickedArea(form.getFieldValue('area')));
            return matchesAreaPattern(area, phone) ? null : t('PHONE_FORMAT', { ns: 'errors' });
          }),
        ]}
      >
        <Input
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={t('phonePlaceholder')}
          maxLength={15}
          enterKeyHint="next"
        />
      </Form.Item>
    </>
  );
}
