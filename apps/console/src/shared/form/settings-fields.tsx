import { ProCard, ProFormDigit, ProFormText } from '@ant-design/pro-components';
import type { NamePath } from 'antd/es/form/interface';
import type { ReactNode } from 'react';
import { formMessages } from './messages';

/**
 * The fields a settings page is made of (wallet, sports, …), so that the same kind of setting reads and checks the
 * same on every page. The contract's schema still checks the whole body before it is sent; these keep the input
 * itself in bounds.
 */

type FieldProps = { name: NamePath; label: string; tooltip?: string; placeholder?: string };
type Width = 'xs' | 'sm' | 'md';

/** One titled section of a settings form. */
export function SettingsSection({
  title,
  subTitle,
  children,
}: {
  title: string;
  subTitle?: string;
  children: ReactNode;
}) {
  return (
    <ProCard title={title} subTitle={subTitle} bordered style={{ marginBottom: 16 }}>
      {children}
    </ProCard>
  );
}

/** A whole number within bounds: a count, minutes, hours, seconds. */
export function CountField({ min, max, width, ...field }: FieldProps & { min: number; max?: number; width?: Width }) {
  return <ProFormDigit {...field} min={min} max={max} width={width} fieldProps={{ precision: 0 }} />;
}

/**
 * An amount in yuan, kept as text: the contract carries money as scale-4 decimals, which a number input would round.
 * `unit` replaces 元 for a percentage or a rate.
 */
export function AmountField({ unit = formMessages.yuan, ...field }: FieldProps & { unit?: string }) {
  return <ProFormText {...field} fieldProps={{ style: { width: 200 }, addonAfter: unit }} />;
}
