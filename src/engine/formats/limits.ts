// Shared input checks for readers: a size guard (refuse instead of hanging), JSON parsing with a
// line and column in the error, and small validators that name where a bad value sits.
import { InputError } from '../types.ts';

/** Default refusal threshold for one input file: 200 MB. */
export const MAX_INPUT_BYTES = 200 * 1024 * 1024;

export interface ReadOptions {
  /** Refuse inputs larger than this many bytes (UTF-16 code units for strings). */
  maxBytes?: number;
}

function mb(n: number): string {
  return `${(n / (1024 * 1024)).toFixed(n < 1024 * 1024 ? 3 : 0)} MB`;
}

/** Throws when `size` (bytes, or string length) is over the limit. */
export function checkSize(size: number, where: string, opts: ReadOptions = {}): void {
  const max = opts.maxBytes ?? MAX_INPUT_BYTES;
  if (size > max) throw new InputError(`input is too large (${mb(size)}, the limit is ${mb(max)}); split it into smaller files`, where, { code: 'too-large' });
}

/** 1-based line and column of a UTF-16 offset. */
export function lineCol(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) { line++; last = i; }
  return { line, col: offset - last };
}

/** JSON.parse with the file, line and column in the error. */
export function parseJson(text: string, where: string, opts: ReadOptions = {}): unknown {
  checkSize(text.length, where, opts);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const pos = /position (\d+)/.exec(msg);
    const at = pos ? Number(pos[1]) : /end of JSON input/i.test(msg) ? body.length : -1;
    if (at >= 0) {
      const { line, col } = lineCol(body, at);
      throw new InputError(`malformed JSON at line ${line}, column ${col}: ${msg.replace(/\s*\(line \d+ column \d+\)/, '')}`, where, { code: 'bad-json' });
    }
    throw new InputError(`malformed JSON: ${msg}`, where, { code: 'bad-json' });
  }
}

/**
 * A short, flat, one-line picture of an untrusted value for an error message: never recursive (a
 * value nested thousands deep cannot overflow the stack), never longer than `max` characters.
 */
export function preview(v: unknown, max = 60): string {
  let s: string;
  if (typeof v === 'string') s = JSON.stringify(v.length > max ? v.slice(0, max) : v) + (v.length > max ? '…' : '');
  else if (typeof v === 'number' || typeof v === 'boolean' || v === null || v === undefined || typeof v === 'bigint') s = String(v);
  else if (Array.isArray(v)) s = `a list of ${v.length} item${v.length === 1 ? '' : 's'}`;
  else if (typeof v === 'object') s = 'an object';
  else s = typeof v;
  s = s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
  return s.length > max + 3 ? `${s.slice(0, max)}…` : s;
}

/** An id from a file: a string, or a number written as one; anything else is an InputError. */
export function idOf(v: unknown, what: string, where: string): string {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string' && v.trim()) return v;
  throw new InputError(`${what} must be a string or a number, got ${preview(v)}`, where, { code: 'bad-field' });
}

/** Keys that would reach an object's prototype when used as property names. */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function obj(v: unknown, what: string, where: string): Obj {
  if (!isObj(v)) throw new InputError(`${what} must be an object`, where, { code: 'bad-field' });
  return v;
}

export function arr(v: unknown, what: string, where: string): unknown[] {
  if (!Array.isArray(v)) throw new InputError(`${what} must be a list`, where, { code: 'bad-field' });
  return v;
}

export function str(v: unknown, what: string, where: string, opts: { empty?: boolean } = {}): string {
  if (typeof v !== 'string') throw new InputError(`${what} must be a string`, where, { code: 'bad-field' });
  if (!opts.empty && v.trim() === '') throw new InputError(`${what} is empty`, where, { code: 'bad-field' });
  return v;
}

export function optStr(v: unknown, what: string, where: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new InputError(`${what} must be a string`, where, { code: 'bad-field' });
  return v;
}

export function int(v: unknown, what: string, where: string, min = 0): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw new InputError(`${what} must be an integer >= ${min}, got ${preview(v)}`, where, { code: 'bad-field' });
  return v;
}

export function num(v: unknown, what: string, where: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new InputError(`${what} must be a number, got ${preview(v)}`, where, { code: 'bad-field' });
  return v;
}

/** A flat string→string map (metadata, filters). */
export function strMap(v: unknown, what: string, where: string): Record<string, string> | undefined {
  if (v === undefined || v === null) return undefined;
  const o = obj(v, what, where);
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(o)) {
    if (UNSAFE_KEYS.has(k)) throw new InputError(`${what} may not have a key named "${k}"`, where, { code: 'bad-field' });
    if (val === undefined || val === null) continue;
    if (typeof val !== 'string' && typeof val !== 'number' && typeof val !== 'boolean') throw new InputError(`${what}.${k} must be a string`, where, { code: 'bad-field' });
    out[k] = String(val);
  }
  return out;
}

/** Throws on a repeated id. */
export function uniqueIds(ids: Iterable<string>, what: string, where: string): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new InputError(`duplicate ${what} id ${preview(id)}`, where, { code: 'bad-field' });
    seen.add(id);
  }
}
