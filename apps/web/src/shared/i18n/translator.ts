/**
 * The site's translator: the part of i18next the site uses (namespaced resources, nested keys, `ns:key`, `{{value}}`
 * interpolation, `defaultValue`, `returnObjects`) in well under 1 kB. i18next and react-i18next cost about 18 kB
 * gzip on every first load for plurals, formatters, backends and language switching that a site built for one
 * language never runs. Pages take `useTranslation` from ./use-translation.
 */

export type TOptions = {
  /** The namespace to read from; otherwise the one the function was made for (or `common`). */
  ns?: string;
  /** Said instead when the key has no text. */
  defaultValue?: string;
  /** Hands back the object or array under the key (its strings interpolated) instead of a string. */
  returnObjects?: boolean;
  /** Values for `{{name}}` placeholders. */
  [value: string]: unknown;
};

/** The namespace parameter is accepted for i18next's spelling (`TFunction<'finance'>`) and not checked. */
export interface TFunction<_Namespace extends string = string> {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

type Bundle = Record<string, unknown>;

const NS_SEPARATOR = ':';
const KEY_SEPARATOR = '.';
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  // A value the caller did not pass leaves its placeholder visible, as i18next does, rather than a silent gap.
  return text.replace(PLACEHOLDER, (placeholder, name: string) =>
    options[name] === undefined || options[name] === null ? placeholder : String(options[name]),
  );
}

function interpolateAll(value: unknown, options: TOptions | undefined): unknown {
  if (typeof value === 'string') return interpolate(value, options);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, options));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateAll(item, options)]));
  }
  return value;
}

function lookup(bundle: Bundle | undefined, key: string): unknown {
  if (!bundle) return undefined;
  if (key in bundle) return bundle[key];
  let node: unknown = bundle;
  for (const part of key.split(KEY_SEPARATOR)) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Bundle)[part];
  }
  return node;
}

export class Translator {
  language: string;
  defaultNS: string;
  private readonly store = new Map<string, Bundle>();
  private readonly fixed = new Map<string, TFunction>();

  constructor(language: string, defaultNS = 'common') {
    this.language = language;
    this.defaultNS = defaultNS;
  }

  private id(lng: string, ns: string): string {
    return `${lng}|${ns}`;
  }

  addResourceBundle(lng: string, ns: string, resources: object): this {
    this.store.set(this.id(lng, ns), { ...this.store.get(this.id(lng, ns)), ...resources });
    return this;
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return this.store.has(this.id(lng, ns));
  }

  /** Looks a key up; bound, so it can be handed around as a plain function (`fieldError(schema, value, i18next.t)`). */
  readonly t: TFunction = ((key: string, options?: TOptions) => this.translate(key, options, undefined)) as TFunction;

  /** A `t` reading from one namespace by default; the same function each time for the same namespace. */
  getFixedT(_lng: string | null, ns: string): TFunction {
    let t = this.fixed.get(ns);
    if (!t) {
      t = ((key: string, options?: TOptions) => this.translate(key, options, ns)) as TFunction;
      this.fixed.set(ns, t);
    }
    return t;
  }

  private translate(key: string, options: TOptions | undefined, fixedNs: string | undefined): unknown {
    let ns = options?.ns ?? fixedNs ?? this.defaultNS;
    let path = key;
    const separator = key.indexOf(NS_SEPARATOR);
    if (separator > 0 && this.hasResourceBundle(this.language, key.slice(0, separator))) {
      ns = key.slice(0, separator);
      path = key.slice(separator + 1);
    }
    const found = lookup(this.store.get(this.id(this.language, ns)), path);
    if (typeof found === 'string') return interpolate(found, options);
    if (found !== null && typeof found === 'object' && options?.returnObjects) return interpolateAll(found, options);
    if (options?.defaultValue !== undefined) return interpolate(options.defaultValue, options);
    return path;
  }
}
