// The interface language: a reactive current language (pt-BR by default), remembered in
// localStorage and mirrored on <html lang>, and t(key, params) to read a message in it.
import { en } from './en.ts';
import { ptBR } from './pt-BR.ts';
import { plurals } from './plural.ts';
import { LANGS, type Dictionary, type Lang, type MessageKey } from './types.ts';

export type { Lang, MessageKey } from './types.ts';
export { LANGS } from './types.ts';

const STORAGE_KEY = 'chunklab.lang';
const DICTS: Record<Lang, Dictionary> = { 'pt-BR': ptBR, en };

/**
 * The page's language for a browser that prefers `languages` (navigator.languages, most wanted
 * first): the first one in Portuguese or English, by its primary subtag ("en-GB" reads English,
 * "pt-PT" Portuguese); Portuguese when none is either (Brazilian audiences first).
 */
export function browserLang(languages: readonly string[]): Lang {
  for (const l of languages) {
    const primary = l.toLowerCase().split(/[-_]/)[0];
    if (primary === 'pt') return 'pt-BR';
    if (primary === 'en') return 'en';
  }
  return 'pt-BR';
}

function readStored(): Lang {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    if (v && (LANGS as readonly string[]).includes(v)) return v as Lang;
  } catch {
    // localStorage can throw (disabled cookies, sandboxed frames): fall back to the browser's language.
  }
  // A first visit (no choice remembered): the browser's language.
  if (typeof navigator === 'undefined') return 'pt-BR';
  return browserLang(navigator.languages?.length ? navigator.languages : [navigator.language ?? '']);
}

const current = $state({ lang: readStored() });

export function getLang(): Lang {
  return current.lang;
}

export function setLang(lang: Lang): void {
  current.lang = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Not remembered, but the switch still applies to this page.
  }
  applyLangAttribute();
}

export function applyLangAttribute(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = current.lang;
}

/**
 * The message `key` in the current language, with `{name}` placeholders filled from `params`.
 * Plurals use a small ICU subset: `{count, plural, one {# documento} other {# documentos}}` picks
 * the branch Intl.PluralRules names for the number (`=0`, `=1`… exact branches first), `#` being
 * the value as passed.
 */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const msg = DICTS[current.lang][key] ?? ptBR[key] ?? key;
  if (!params) return msg;
  return fill(plurals(msg, params, current.lang), params);
}

function fill(msg: string, params: Record<string, string | number>): string {
  return msg.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}


/** Numbers formatted for the current language. */
export function fmtNumber(n: number, digits = 0): string {
  return new Intl.NumberFormat(current.lang, { maximumFractionDigits: digits }).format(n);
}

/** A number with exactly `digits` decimals in the current language ("0,49" in Portuguese); "–" when not finite. */
export function fmtFixed(n: number, digits = 2): string {
  return Number.isFinite(n) ? new Intl.NumberFormat(current.lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n) : '–';
}

/** Rates and MRR with two decimals, in the current language. */
export function fmt2(n: number): string {
  return fmtFixed(n, 2);
}

/** A rate with its interval, compactly: "0,49 [0,39–0,60]" (decimals in the current language). */
export function fmtRate(value: number, interval?: [number, number]): string {
  return interval ? `${fmt2(value)} [${fmt2(interval[0])}–${fmt2(interval[1])}]` : fmt2(value);
}

/** A p-value: three decimals, or "1,2e-4"-style below 0.001, in the current language. */
export function fmtP(p: number): string {
  if (p >= 0.001 || p === 0 || !Number.isFinite(p)) return fmtFixed(p, 3);
  return new Intl.NumberFormat(current.lang, { notation: 'scientific', maximumFractionDigits: 1 }).format(p);
}

/** Byte counts in KB/MB/GB for the current language. */
export function fmtBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${fmtNumber(v, i === 0 ? 0 : 1)} ${units[i]}`;
}

/** Text in a {pt, en} pair (engine registries carry these) for the current language. */
export function pick(text: { pt: string; en: string } | undefined): string {
  if (!text) return '';
  return current.lang === 'en' ? text.en : text.pt;
}
