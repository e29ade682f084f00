import { Button, Form, type FormProps } from 'antd-mobile';
import type { ReactNode } from 'react';
import { showFirstFieldError } from '../ui/feedback';
import styles from './forms.module.css';

type CardFormProps<Values> = Omit<
  FormProps,
  'mode' | 'layout' | 'requiredMarkStyle' | 'validateTrigger' | 'onFinish' | 'onFinishFailed' | 'footer'
> & {
  onFinish: (values: Values) => void;
  submitText: ReactNode;
  submitting?: boolean;
};

/**
 * A member form as every page draws it: rows on a card with the labels in one column, each field checked when
 * it loses focus, the first problem also toasted on a failed submit (the keyboard may hide the inline one), and
 * one wide submit button that spins while the call is under way.
 */
export function CardForm<Values>({ submitText, submitting, className, children, ...props }: CardFormProps<Values>) {
  return (
    <Form
      mode="card"
      layout="horizontal"
      requiredMarkStyle="none"
      validateTrigger="onBlur"
      {...props}
      className={className ? `${styles.form} ${className}` : styles.form}
      onFinishFailed={showFirstFieldError}
      footer={
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={submitting}>
          {submitText}
        </Button>
      }
    >
      {children}
    </Form>
  );
}
