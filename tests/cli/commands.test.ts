// The flag table (src/cli/commands.ts) and its one-pass reader (src/cli/args.ts): the table is
// consistent, every command it lists runs, and argv is read, typed and refused as the rows say.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { helpOf, parseFlags } from '../../src/cli/args.ts';
import { COMMANDS, FLAGS, flagsOf, type CommandName, type FlagSpec } from '../../src/cli/commands.ts';
import { RUNNERS } from '../../src/cli/runners.ts';
import { InputError } from '../../src/engine/types.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const NAMES = Object.keys(COMMANDS) as CommandName[];
const ROWS = FLAGS as readonly FlagSpec[];

/** The message of what `fn` throws (an InputError, or the test fails). */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error('expected an InputError');
}

describe('the table', () => {
  test('every command has its module with run(argv), and a loader that gives it', async () => {
    for (const name of NAMES) {
      expect(readFileSync(join(ROOT, `src/cli/${name}.ts`), 'utf8'), name).toMatch(/export async function run\(argv: string\[\]\)/);
      expect(typeof (await RUNNERS[name]()).run, name).toBe('function');
    }
    // …and no loader for a command the table does not describe.
    expect(Object.keys(RUNNERS).sort()).toEqual([...NAMES].sort());
  });

  test('no command sees two rows of one name; every row is taken by a command that exists', () => {
    for (const name of NAMES) {
      const seen = ROWS.filter((r) => r.commands.includes(name)).map((r) => r.name);
      expect(seen.length, name).toBe(new Set(seen).size);
    }
    for (const r of ROWS) {
      expect(r.commands.length, r.name).toBeGreaterThan(0);
      for (const c of [...r.commands, ...(r.required ?? [])]) expect(NAMES, `${r.name}: ${c}`).toContain(c);
      for (const c of r.required ?? []) expect(r.commands, r.name).toContain(c);
    }
  });

  test('needs and conflicts name flags the same command takes; enums list options; ranges are ranges', () => {
    for (const r of ROWS) {
      for (const other of [...(r.needs ?? []), ...(r.conflicts ?? [])]) {
        expect(r.commands.some((c) => flagsOf(c).has(other)), `${r.name} → ${other}`).toBe(true);
      }
      if (r.type === 'enum') expect(r.options?.length, r.name).toBeGreaterThan(1);
      if (r.min !== undefined && r.max !== undefined) expect(r.min, r.name).toBeLessThanOrEqual(r.max);
      expect(r.help.trim(), r.name).not.toBe('');
    }
  });

  test("every command's --help lists each of its flags once, and its required ones in the usage line", () => {
    for (const name of NAMES) {
      const help = helpOf(name);
      const usage = help.split('\n')[0];
      for (const r of flagsOf(name).values()) {
        expect(help.match(new RegExp(`^  --${r.name}(?= |\\n|$)`, 'gm'))?.length, `${name} --${r.name}`).toBe(1);
        expect(usage.includes(`--${r.name} `) || usage.endsWith(`--${r.name}`), `${name} usage --${r.name}`).toBe(!!r.required?.includes(name));
      }
    }
  });
});

describe('reading argv', () => {
  const EVAL = ['--dataset', 'd.json', '--chunker', 'fixed', '--max-tokens', '32'];

  test('values are typed, defaults filled in, and what was given is told apart from defaults', () => {
    const p = parseFlags('eval', [...EVAL, '--k=7', '--filter', 'lang=pt', '--filter', 'year=2020', '--json']);
    expect(p.flags['max-tokens']).toBe(32);
    expect(p.flags.k).toBe(7);
    expect(p.flags.retriever).toBe('bm25');
    expect(p.flags.overlap).toBe(0);
    expect(p.flags.json).toBe(true);
    expect(p.flags.late).toBe(false);
    expect(p.flags.filter).toEqual(['lang=pt', 'year=2020']);
    expect(p.flags.budget).toBeUndefined();
    expect([...p.given].sort()).toEqual(['chunker', 'dataset', 'filter', 'json', 'k', 'max-tokens']);
    const q = parseFlags('questions', ['--dataset', 'd', '--generator', 'openai:m', '--out', 'o', '--kinds', 'plain, twin', '--kinds', 'paraphrase']);
    expect(q.flags.kinds).toEqual(['plain', 'twin', 'paraphrase']);
    expect(q.flags.seed).toBe(0);
    expect(q.flags['cache-dir']).toBe('.cache');
  });

  test('each kind of problem is one InputError naming the command and the flag', () => {
    const cases: [CommandName, string[], RegExp][] = [
      ['eval', [...EVAL, '--bogus'], /^eval: unknown option --bogus/],
      ['eval', [...EVAL, 'stray'], /^eval: unexpected argument "stray"/],
      ['eval', [...EVAL, '--json=yes'], /^eval: --json takes no value$/],
      ['eval', [...EVAL, '--k'], /^eval: --k needs a value$/],
      ['eval', [...EVAL, '--k', '3', '--k', '4'], /^eval: --k given twice$/],
      ['eval', [...EVAL, '--k', '2.5'], /^eval: --k must be a whole number >= 1, got "2.5"$/],
      ['eval', [...EVAL, '--overlap', '-1'], /^eval: --overlap must be a whole number >= 0, got "-1"$/],
      ['eval', [...EVAL, '--scope', 'world'], /^eval: --scope must be corpus or document, got "world"$/],
      ['eval', ['--dataset', 'd', '--chunker', 'nope'], /^eval --chunker: unknown chunker "nope" \(expected one of: fixed, /],
      ['eval', [...EVAL, '--filter', 'novalue'], /^--filter: must be key=value, got "novalue"$/],
      ['eval', [...EVAL, '--filter', '__proto__=x'], /^--filter: "__proto__" cannot be a metadata key$/],
      ['eval', [...EVAL, '--rerank-top', '5'], /^eval: --rerank-top needs --rerank$/],
      ['eval', [...EVAL, '--context-tokens', '5'], /^eval: --context-tokens needs --context-model or --context-arm-baseline$/],
      ['eval', [...EVAL, '--model', 'm', '--tokenizer', 't'], /^eval: give --model or --tokenizer, not both$/],
      ['eval', [...EVAL, '--context-model', 'openai:m', '--context-price', '1'], /^--context-price: must be IN,OUT/],
      ['eval', [...EVAL, '--embedder', 'nope'], /^--embedder: "nope" is not an embedding service spec/],
      ['eval', ['--chunker', 'fixed'], /^eval: --dataset is required$/],
      ['chunk', ['--dataset', 'd', '--chunker', 'fixed', '--max-tokens', '9'], /^chunk: --out is required$/],
      ['chunk', ['--dataset', 'd', '--chunker', 'fixed', '--max-tokens', '9', '--out', 'o', '--rerank', 'x'], /^chunk: unknown option --rerank/],
      ['questions', ['--dataset', 'd', '--generator', 'openai:m', '--out', 'o', '--kinds', 'plain,odd'], /^questions: --kinds takes plain, paraphrase or twin, got "odd"$/],
      ['compare', ['a.json', '--k', '3'], /^compare: unknown option --k/],
    ];
    for (const [command, argv, pattern] of cases) expect(refusal(() => parseFlags(command, argv)), argv.join(' ')).toMatch(pattern);
  });

  test("a needed flag counts only among the command's own (chunk has no --embedder or --rerank)", () => {
    expect(refusal(() => parseFlags('chunk', ['--dataset', 'd', '--chunker', 'fixed', '--max-tokens', '9', '--out', 'o', '--dtype', 'q8']))).toBe('chunk: --dtype needs --model');
    expect(parseFlags('eval', [...EVAL, '--rerank', 'r', '--dtype', 'q8']).flags.dtype).toBe('q8');
  });

  test('a quoted bad value is cut short: the error stays one short line', () => {
    const msg = refusal(() => parseFlags('eval', [...EVAL, '--scope', 'x'.repeat(100_000)]));
    expect(msg.length).toBeLessThan(300);
  });

  test('positional arguments only where the command declares them', () => {
    expect(parseFlags('compare', ['a.json', '--json', 'b.json']).args).toEqual(['a.json', 'b.json']);
  });
});
