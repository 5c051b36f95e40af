// Running CLI commands in-process: run(argv) of the command module, with stdout/stderr captured and
// InputErrors turned into "error: …" and exit code 2 as src/cli/main.ts does (tests/cli/e2e.test.ts
// checks main.ts itself with real processes). No tsx start per call.
import { expect, vi } from 'vitest';
import { InputError } from '../../src/engine/types.ts';
import { errorLine } from '../../src/cli/errors.ts';
import { RUNNERS } from '../../src/cli/runners.ts';

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

/** Runs `npm run cli -- <argv>` in this process. `env` is set for the call and restored after. */
export async function runCli(argv: string[], env: Record<string, string | undefined> = {}, opts: { internalAsLine?: boolean } = {}): Promise<CliResult> {
  const [name, ...rest] = argv;
  const load = Object.hasOwn(RUNNERS, name) ? RUNNERS[name as keyof typeof RUNNERS] : undefined;
  if (!load) throw new Error(`no such command in the test helper: ${name}`);
  const mod = await load();
  let out = '';
  let err = '';
  const text = (a: unknown[]) => a.map((x) => (typeof x === 'string' ? x : String(x))).join(' ') + '\n';
  const spies = [
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void (out += text(a))),
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void (err += text(a))),
    vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => {
      out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    }) as typeof process.stdout.write),
  ];
  const saved: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) {
    saved[k] = process.env[k];
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  let code: number;
  try {
    code = await mod.run(rest);
  } catch (e) {
    // As src/cli/main.ts does: every failure is one line and exit code 2. Internal errors are
    // still thrown here unless the test asks for the CLI's behaviour (internal: 'line').
    if (!(e instanceof InputError) && !opts.internalAsLine) throw e;
    err += `${errorLine(e)}\n`;
    code = 2;
  } finally {
    for (const s of spies) s.mockRestore();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  return { code, out, err };
}

/** Exit 2 and exactly one stderr line, "error: …" matching `pattern`. */
export function expectOneLineError(r: CliResult, pattern: RegExp): void {
  expect(r.code).toBe(2);
  const lines = r.err.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: /);
  expect(lines[0]).toMatch(pattern);
}
