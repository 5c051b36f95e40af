// The interface language: a reactive current language (pt-BR by default), remembered in
// localStorage and mirrored on <html lang>, and t(key, params) to read a message in it.
import { en } from './en.ts';
import { ptBR } from './pt-BR.ts';
import { LANGS, type Dictionary, type Lang, type MessageKey } from './types.ts';

export type { Lang, MessageKey } from './types.ts';
export { LANGS } from './types.ts';

const STORAGE_KEY = 'chunklab.lang';
const DICTS: Record<Lang, Dictionary> = { 'pt-BR': ptBR, en };

function readStored(): Lang {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    if (v && (LANGS as readonly string[]).includes(v)) return v as Lang;
  } catch {
    // localStorage can throw (disabled cookies, sandboxed frames): fall back to the default.
  }
  return 'pt-BR';
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

const rulesOf = new Map<string, Intl.PluralRules>();

/** Replaces each `{name, plural, …}` block by its branch for params[name]. */
export function plurals(msg: string, params: Record<string, string | number>, lang: string): string {
  const open = /\{(\w+), plural,/g;
  let out = '';
  let from = 0;
  for (let m = open.exec(msg); m; m = open.exec(msg)) {
    const branches = new Map<string, string>();
    let i = m.index + m[0].length;
    // Branches: selector, then a {…} body (bodies may hold {placeholders}); the block ends at '}'.
    while (i < msg.length) {
      while (msg[i] === ' ') i++;
      if (msg[i] === '}') break;
      const sel = /^[=\w]+/.exec(msg.slice(i));
      if (!sel) break;
      i += sel[0].length;
      while (msg[i] === ' ') i++;
      if (msg[i] !== '{') break;
      let depth = 0;
      const start = i + 1;
      for (; i < msg.length; i++) {
        if (msg[i] === '{') depth++;
        else if (msg[i] === '}' && --depth === 0) break;
      }
      branches.set(sel[0], msg.slice(start, i));
      i++;
    }
    // A number, or a string of digits (a caller may pass it formatted): anything else reads "other".
    const raw = params[m[1]];
    const n = typeof raw === 'number' ? raw : /^\d+$/.test(String(raw ?? '')) ? Number(raw) : NaN;
    let rules = rulesOf.get(lang);
    if (!rules) rulesOf.set(lang, (rules = new Intl.PluralRules(lang)));
    const body = branches.get(`=${n}`) ?? branches.get(Number.isFinite(n) ? rules.select(n) : 'other') ?? branches.get('other') ?? '';
    out += msg.slice(from, m.index) + body.replace(/#/g, String(raw ?? ''));
    from = i + 1;
    open.lastIndex = from;
  }
  return out + msg.slice(from);
}

/** Numbers formatted for the current language. */
export function fmtNumber(n: number, digits = 0): string {
  return new Intl.NumberFormat(current.lang, { maximumFractionDigits: digits }).format(n);
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
