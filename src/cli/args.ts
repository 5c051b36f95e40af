// Reads argv against the flag table (src/cli/commands.ts) in one pass, and writes --help from it.
// Every problem is an InputError naming the flag (one line, exit code 2): an unknown or repeated
// flag, a missing value, a value of the wrong type or out of range, a required flag missing, a flag
// given without the one it needs, two that exclude each other.
import { InputError } from '../engine/types.ts';
import { COMMANDS, flagsOf, type CommandName, type FlagSpec, type FlagValues } from './commands.ts';

export interface ReadFlags<C extends CommandName> {
  /** Every flag of the command, typed, with defaults filled in. */
  flags: FlagValues<C>;
  /** The flags given on the command line (a default is not given). */
  given: ReadonlySet<string>;
  /** Positional arguments (only for commands that declare `args`). */
  args: string[];
}

/** The one shape of a flag's error: `<command>: --<flag> <problem>`. */
export function flagError(command: string, name: string, problem: string): InputError {
  return new InputError(`--${name} ${problem}`, command);
}

/** A flag a command needs in this case although the table does not require it always. */
export function requireFlag<T>(value: T | undefined, name: string, command: string): T {
  if (value === undefined || value === '') throw flagError(command, name, 'is required');
  return value;
}

/** "a, b or c" */
const orList = (xs: readonly string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} or ${xs.at(-1)}`);
const quoted = (s: string) => `"${s.length > 120 ? `${s.slice(0, 120)}…` : s}"`;

/** True when argv asks for help (--help or -h anywhere). */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

/**
 * argv checked against the command's rows. Returns null after printing --help when argv asks for
 * it; otherwise the typed values, or throws the first problem as an InputError.
 */
export function readFlags<C extends CommandName>(command: C, argv: readonly string[]): ReadFlags<C> | null {
  if (wantsHelp(argv)) {
    console.log(helpOf(command));
    return null;
  }
  return parseFlags(command, argv);
}

export function parseFlags<C extends CommandName>(command: C, argv: readonly string[]): ReadFlags<C> {
  const rows = flagsOf(command);
  const takesArgs = !!(COMMANDS[command] as { args?: string }).args;
  const raw = new Map<string, string[]>();
  const args: string[] = [];
  // 1. Tokens: --name value, --name=value, switches; unknown, repeated and valueless flags.
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      if (!takesArgs) throw new InputError(`unexpected argument ${quoted(arg)}`, command);
      args.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    const row = rows.get(name);
    if (!row) throw new InputError(`unknown option --${name.slice(0, 80)} (see --help)`, command);
    let value: string;
    if (row.type === 'boolean') {
      if (eq > 0) throw flagError(command, name, 'takes no value');
      value = 'true';
    } else if (eq > 0) value = arg.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw flagError(command, name, 'needs a value');
      value = next;
      i++;
    }
    if (raw.has(name) && row.type !== 'list') throw flagError(command, name, 'given twice');
    raw.set(name, [...(raw.get(name) ?? []), value]);
  }
  // 2. Values: typed and checked one flag at a time; defaults for the rest.
  const flags: Record<string, unknown> = {};
  for (const row of rows.values()) {
    const values = raw.get(row.name);
    flags[row.name] = values ? valueOf(row, values, command) : row.type === 'boolean' ? (row.default ?? false) : row.default;
  }
  // 3. Flags in relation: required here, needing another, excluding another.
  for (const row of rows.values()) {
    if (row.required?.includes(command) && !raw.has(row.name)) throw flagError(command, row.name, 'is required');
    if (!raw.has(row.name)) continue;
    const needs = row.needs?.filter((n) => rows.has(n));
    if (needs?.length && !needs.some((n) => raw.has(n))) throw flagError(command, row.name, `needs ${orList(needs.map((n) => `--${n}`))}`);
    const other = row.conflicts?.find((n) => raw.has(n));
    if (other) throw new InputError(`give --${other} or --${row.name}, not both`, command);
  }
  return { flags: flags as FlagValues<C>, given: new Set(raw.keys()), args };
}

function valueOf(row: FlagSpec, values: string[], command: string): unknown {
  const flag = `--${row.name}`;
  switch (row.type) {
    case 'boolean':
      return true;
    case 'int':
    case 'number': {
      const s = values[0];
      const n = Number(s);
      const ok = row.type === 'int' ? /^\d+$/.test(s) : s.trim() !== '' && Number.isFinite(n);
      const kind = row.type === 'int' ? 'a whole number' : 'a number';
      if (!ok || (row.min !== undefined && n < row.min) || (row.max !== undefined && n > row.max)) {
        const range = [row.min !== undefined ? `>= ${row.min}` : '', row.max !== undefined ? `<= ${row.max}` : ''].filter(Boolean).join(' and ');
        throw flagError(command, row.name, `must be ${kind}${range ? ` ${range}` : ''}, got ${quoted(s)}`);
      }
      return n;
    }
    case 'enum': {
      const s = values[0];
      const options = row.options ?? [];
      if (!options.includes(s)) {
        if (row.what) throw new InputError(`unknown ${row.what} ${quoted(s)} (expected one of: ${options.join(', ')})`, `${command} ${flag}`);
        throw flagError(command, row.name, `must be ${orList(options)}, got ${quoted(s)}`);
      }
      return s;
    }
    case 'list': {
      const items = row.split ? values.flatMap((v) => v.split(row.split!).map((x) => x.trim())) : values;
      for (const item of items) {
        if (row.options && !row.options.includes(item)) throw flagError(command, row.name, `takes ${orList(row.options)}, got ${quoted(item)}`);
        row.check?.(item, flag);
      }
      return items;
    }
    case 'string': {
      row.check?.(values[0], flag);
      return values[0];
    }
  }
}

/** `npm run cli -- <command> --help`: the usage line, the flags by group, then the notes. */
export function helpOf(command: CommandName): string {
  const spec = COMMANDS[command] as { summary: string; args?: string; notes?: string };
  const rows = [...flagsOf(command).values()];
  const shown = (f: FlagSpec) => `--${f.name}${f.value ? ` ${f.value}` : ''}`;
  const required = rows.filter((f) => f.required?.includes(command));
  const usage = [`usage: npm run cli -- ${command}`, spec.args, ...required.map(shown), rows.length > required.length ? '[options]' : ''].filter(Boolean).join(' ');
  const lines = [usage, '', spec.summary];
  const groups = [...new Set(rows.map((f) => f.group ?? ''))];
  const width = Math.min(30, Math.max(...rows.map((f) => shown(f).length)) + 2);
  for (const g of groups) {
    lines.push('', g ? `${g}:` : 'options:');
    for (const f of rows.filter((r) => (r.group ?? '') === g)) {
      const needs = f.needs?.filter((n) => rows.some((r) => r.name === n)).map((n) => `--${n}`) ?? [];
      const facts = [
        f.note?.[command] ?? '',
        f.required?.includes(command) ? 'required' : '',
        f.type === 'enum' ? `one of ${f.what ? (f.options ?? []).join(', ') : orList(f.options ?? [])}` : '',
        f.type === 'list' && f.options ? `of ${orList(f.options)}` : '',
        f.type === 'list' && !f.split ? 'repeatable' : '',
        f.min !== undefined ? `>= ${f.min}` : '',
        f.max !== undefined ? `<= ${f.max}` : '',
        f.defaultText ? `default ${f.defaultText}` : f.default !== undefined && f.type !== 'boolean' ? `default ${Array.isArray(f.default) ? f.default.join(',') : f.default}` : '',
        needs.length ? `with ${orList(needs)}` : '',
      ].filter(Boolean);
      const name = shown(f);
      const text = wrap(`${f.help}${facts.length ? ` (${facts.join('; ')})` : ''}`, 100 - 2 - width);
      const pad = `\n  ${' '.repeat(width)}`;
      lines.push(`  ${name.length + 2 > width ? `${name}${pad}` : name.padEnd(width)}${text.join(pad)}`);
    }
  }
  if (spec.notes) lines.push('', spec.notes);
  return lines.join('\n');
}

/** Words folded into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/** `npm run cli -- --help`: every command with its summary. */
export function usageOfAll(): string {
  const names = Object.keys(COMMANDS) as CommandName[];
  const width = Math.max(...names.map((n) => n.length)) + 2;
  return [
    'usage: npm run cli -- <command> [options]   (npm run cli -- <command> --help for its flags)',
    '',
    'commands:',
    ...names.map((n) => `  ${n.padEnd(width)}${COMMANDS[n].summary}`),
  ].join('\n');
}
