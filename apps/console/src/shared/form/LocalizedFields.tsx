import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, Card, Col, Form, Row, Tabs, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { formMessages } from './messages';

export type LocalizedField = {
  name: string;
  label: string;
  /** A one-line text, or a longer text in a text area of `rows` lines. */
  kind?: 'text' | 'textarea';
  rows?: number;
  /** Required in the default language (zh-CN); the other language may always be left empty. */
  required?: boolean;
  max?: number;
};

/** Each field's text in one language (the default language's field when the other left it empty). */
export type LocalizedValues = Record<string, string>;

/** The languages an operator writes in: the default (zh-CN) texts in the fields, the others in `i18n.<lang>`. */
const LANGS = [
  { key: 'zh-CN', label: formMessages.langDefault },
  { key: 'zh-HK', label: formMessages.langHk },
] as const;
export type ContentLang = (typeof LANGS)[number]['key'];

function fieldName(lang: ContentLang, name: string): string | string[] {
  return lang === 'zh-CN' ? name : ['i18n', lang, name];
}

function textsOf(values: Record<string, unknown> | undefined, fields: LocalizedField[], lang: ContentLang) {
  const own = (values?.i18n as Record<string, Record<string, string>> | undefined)?.[lang] ?? {};
  const texts: LocalizedValues = {};
  let converted = false;
  for (const field of fields) {
    const base = String(values?.[field.name] ?? '');
    const mine = lang === 'zh-CN' ? base : String(own[field.name] ?? '');
    if (lang !== 'zh-CN' && !mine && base) converted = true;
    texts[field.name] = mine || base;
  }
  return { texts, converted };
}

/**
 * A content's texts per language, one tab each (简体中文, 繁體中文), inside a ProForm, with a preview beside them of
 * the tab being edited, drawn by `preview` as the member site shows it. A language left empty shows the default text
 * and says that members of that language read it converted (the server converts simplified to traditional).
 */
export function LocalizedFields({
  fields,
  preview,
}: {
  fields: LocalizedField[];
  preview: (texts: LocalizedValues, lang: ContentLang) => ReactNode;
}) {
  const form = Form.useFormInstance();
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const [lang, setLang] = useState<ContentLang>('zh-CN');
  const { texts, converted } = textsOf(values, fields, lang);
  const empty = Object.values(texts).every((text) => !text.trim());
  return (
    <Row gutter={24}>
      <Col span={14}>
        <Tabs
          activeKey={lang}
          onChange={(key) => setLang(key as ContentLang)}
          items={LANGS.map(({ key, label }) => ({
            key,
            label,
            forceRender: true,
            children: fields.map((field) => {
              const common = {
                name: fieldName(key, field.name),
                label: field.label,
                rules: key === 'zh-CN' && field.required ? [{ required: true, message: formMessages.required }] : [],
                fieldProps: { maxLength: field.max, showCount: Boolean(field.max) },
              };
              return field.kind === 'textarea' ? (
                <ProFormTextArea
                  key={field.name}
                  {...common}
                  fieldProps={{ ...common.fieldProps, rows: field.rows ?? 6 }}
                />
              ) : (
                <ProFormText key={field.name} {...common} />
              );
            }),
          }))}
        />
      </Col>
      <Col span={10}>
        <Card size="small" title={`${formMessages.preview} · ${LANGS.find((one) => one.key === lang)?.label}`}>
          {converted ? (
            <Alert type="info" showIcon message={formMessages.hkConverted} style={{ marginBottom: 12 }} />
          ) : null}
          <section aria-label={formMessages.preview} style={{ maxWidth: 375, margin: '0 auto' }}>
            {empty ? (
              <Typography.Text type="secondary">{formMessages.previewEmpty}</Typography.Text>
            ) : (
              preview(texts, lang)
            )}
          </section>
        </Card>
      </Col>
    </Row>
  );
}
