// A warning before documents are sent to a model API: counts of likely personal data (e-mails, phone
// numbers, Brazilian CPF and CNPJ, card numbers) so the page can warn and offer header-only context.
// Heuristics, tuned to flag rather than miss: formatted CPF/CNPJ count even with wrong check digits,
// bare digit runs only when their check digits (or Luhn, for cards) are valid.

export type PersonalDataKind = 'email' | 'phone' | 'cpf' | 'cnpj' | 'card';

export interface PersonalDataMatch {
  kind: PersonalDataKind;
  start: number;
  end: number;
  /** The match with most characters hidden, safe to show in a warning. */
  masked: string;
}

export interface PersonalDataScan {
  counts: Record<PersonalDataKind, number>;
  total: number;
  /** The first `limit` matches in text order (default 50). */
  examples: PersonalDataMatch[];
}

const digits = (s: string) => s.replace(/\D/g, '');

/** CPF check digits (mod 11). Rejects the eleven-equal-digits numbers. */
export function validCpf(raw: string): boolean {
  const d = digits(raw);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  for (const n of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += Number(d[i]) * (n + 1 - i);
    const check = ((sum * 10) % 11) % 10;
    if (check !== Number(d[n])) return false;
  }
  return true;
}

/** CNPJ check digits (mod 11 with weights 5..2,9..2 and 6..2,9..2). */
export function validCnpj(raw: string): boolean {
  const d = digits(raw);
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const weights = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  for (const n of [12, 13]) {
    const w = weights.slice(13 - n);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += Number(d[i]) * w[i];
    const r = sum % 11;
    if ((r < 2 ? 0 : 11 - r) !== Number(d[n])) return false;
  }
  return true;
}

/** The Luhn checksum card numbers carry. */
export function luhn(raw: string): boolean {
  const d = digits(raw);
  if (d.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let x = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      x *= 2;
      if (x > 9) x -= 9;
    }
    sum += x;
  }
  return sum % 10 === 0;
}

function mask(kind: PersonalDataKind, s: string): string {
  if (kind === 'email') {
    const at = s.indexOf('@');
    return `${s[0]}***${s.slice(at)}`;
  }
  // Keep punctuation and the last two digits.
  const total = digits(s).length;
  let seen = 0;
  return s.replace(/\d/g, (c) => (++seen > total - 2 ? c : '•'));
}

// Digits not glued to other digits, letters, or a decimal point/comma-separated number.
const B = '(?<![\\p{L}\\p{N}_]|\\d[.,])';
const E = '(?![\\p{L}\\p{N}_]|[.,]\\d)';

interface Rule {
  kind: PersonalDataKind;
  re: RegExp;
  accept?: (m: string) => boolean;
}

const RULES: Rule[] = [
  { kind: 'email', re: /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu },
  // Formatted CNPJ (12.345.678/0001-95) always; bare 14 digits only with valid check digits.
  { kind: 'cnpj', re: new RegExp(`${B}\\d{2}\\.\\d{3}\\.\\d{3}/\\d{4}-\\d{2}${E}`, 'gu') },
  { kind: 'cnpj', re: new RegExp(`${B}\\d{14}${E}`, 'gu'), accept: validCnpj },
  // Formatted CPF (123.456.789-09) always; bare 11 digits only with valid check digits.
  { kind: 'cpf', re: new RegExp(`${B}\\d{3}\\.\\d{3}\\.\\d{3}-\\d{2}${E}`, 'gu') },
  { kind: 'cpf', re: new RegExp(`${B}\\d{11}${E}`, 'gu'), accept: validCpf },
  // Cards: 13-19 digits, bare or in groups split by spaces or dashes, passing Luhn.
  { kind: 'card', re: new RegExp(`${B}(?:\\d{4}[ -]){2,4}\\d{1,4}${E}|${B}\\d{13,19}${E}`, 'gu'), accept: (m) => digits(m).length >= 13 && digits(m).length <= 19 && luhn(m) },
  // Phones: international (+55 11 91234-5678, +1 (415) 555-0100), Brazilian with area code
  // ((11) 91234-5678, 11 3456-7890), North American (415-555-0100). A separator is required.
  {
    kind: 'phone',
    re: new RegExp(
      [
        `(?<![\\p{L}\\p{N}_+])\\+\\d{1,3}[ .-]?(?:\\(\\d{1,4}\\)|\\d{1,4})(?:[ .-]?\\d{2,5}){1,3}${E}`,
        `${B}\\(\\d{2,3}\\) ?9?\\d{4}[ -]?\\d{4}${E}`,
        `${B}\\d{2} 9?\\d{4}-\\d{4}${E}`,
        `${B}9?\\d{4}-\\d{4}${E}`,
        `${B}\\d{3}-\\d{3}-\\d{4}${E}`,
      ].join('|'),
      'gu',
    ),
    accept: (m) => digits(m).length >= 8 && digits(m).length <= 15,
  },
];

/** Counts likely personal data in `text`. Each character belongs to at most one match (rules in the order above). */
export function scanPersonalData(text: string, limit = 50): PersonalDataScan {
  const src = typeof text === 'string' ? text : '';
  const taken: [number, number][] = [];
  const overlaps = (s: number, e: number) => taken.some(([a, b]) => s < b && a < e);
  const found: PersonalDataMatch[] = [];
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    for (const m of src.matchAll(rule.re)) {
      const s = m.index!;
      const e = s + m[0].length;
      if (overlaps(s, e) || (rule.accept && !rule.accept(m[0]))) continue;
      taken.push([s, e]);
      found.push({ kind: rule.kind, start: s, end: e, masked: mask(rule.kind, m[0]) });
    }
  }
  found.sort((a, b) => a.start - b.start);
  const counts: Record<PersonalDataKind, number> = { email: 0, phone: 0, cpf: 0, cnpj: 0, card: 0 };
  for (const f of found) counts[f.kind]++;
  return { counts, total: found.length, examples: found.slice(0, limit) };
}
