// A small, strict command-line parser: --name value, --name=value, boolean flags; unknown or
// repeated options and missing values are InputErrors (one line, exit 2).
import { InputError } from '../engine/types.ts';

export interface OptionSpec {
  /** Takes a value (string) or is a switch (boolean). */
  type: 'string' | 'boolean';
  /** May be given more than once (values collected). */
  multiple?: boolean;
}

export type Parsed = Record<string, string | boolean | string[] | undefined>;

export function parseArgs(argv: readonly string[], spec: Record<string, OptionSpec>, command: string): Parsed {
  const out: Parsed = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new InputError(`unexpected argument "${arg}"`, command);
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    const s = spec[name];
    if (!s) throw new InputError(`unknown option --${name} (see --help)`, command);
    let value: string | boolean;
    if (s.type === 'boolean') {
      if (eq > 0) throw new InputError(`--${name} takes no value`, command);
      value = true;
    } else if (eq > 0) value = arg.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new InputError(`--${name} needs a value`, command);
      value = next;
      i++;
    }
    if (s.multiple) (out[name] = (out[name] as string[] | undefined) ?? []) && (out[name] as string[]).push(value as string);
    else {
      if (out[name] !== undefined) throw new InputError(`--${name} given twice`, command);
      out[name] = value;
    }
  }
  return out;
}

export function intOption(v: unknown, name: string, command: string, min: number): number | undefined {
  if (v === undefined) return undefined;
  const s = String(v);
  if (!/^\d+$/.test(s) || Number(s) < min) throw new InputError(`--${name} must be a whole number >= ${min}, got "${s}"`, command);
  return Number(s);
}

export function required(v: unknown, name: string, command: string): string {
  if (typeof v !== 'string' || !v) throw new InputError(`--${name} is required`, command);
  return v;
}
