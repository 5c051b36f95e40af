// The command line as users run it: real `npm run cli` processes (main.ts, tsx, exit codes, stdout
// through a pipe). Kept to a few spawns; everything else runs in-process (cli.test.ts).
import { describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { helpOf } from '../../src/cli/args.ts';
import { COMMANDS, type CommandName } from '../../src/cli/commands.ts';

const root = new URL('../../', import.meta.url).pathname;
const FX = join(root, 'tests/fixtures/datasets');
const tmp = mkdtempSync(join(tmpdir(), 'chunklab-e2e-'));

/** `npm run --silent cli -- …` (--silent: npm's "> chunklab cli" banner would otherwise go to stdout). */
function npmCli(args: string[]) {
  const r = spawnSync('npm', ['run', '--silent', 'cli', '--', ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A SQuAD file big enough that `eval --json` prints well over 64 KiB (the size of a Linux pipe buffer). */
function bigSquad(): { path: string; questions: number } {
  const topics = ['harbour', 'glacier', 'orchard', 'foundry', 'library', 'observatory', 'vineyard', 'railway'];
  const paragraphs = [];
  let questions = 0;
  for (let i = 0; i < 200; i++) {
    const t = topics[i % topics.length];
    const answer = `${t} ledger ${i}`;
    const context = `Section ${i} describes the ${t} in detail. The ${answer} lists every visitor by name. Records from year ${1800 + i} survive in the archive.`;
    paragraphs.push({ context, qas: [{ id: `q${i}`, question: `Which ${t} ledger lists every visitor in section ${i}?`, answers: [{ text: answer, answer_start: context.indexOf(answer) }] }] });
    questions++;
  }
  const path = join(tmp, 'big.json');
  writeFileSync(path, JSON.stringify({ version: '1.1', data: [{ title: 'Big', paragraphs }] }));
  return { path, questions };
}

describe('npm run cli', () => {
  test('chunk --chunker semantic works with no model (lexical vectors) and writes the contract JSONL', () => {
    const out = join(tmp, 'chunks.jsonl');
    const r = npmCli(['chunk', '--dataset', join(FX, 'squad-mini.json'), '--chunker', 'semantic', '--max-tokens', '32', '--out', out]);
    expect(r.code).toBe(0);
    const data = JSON.parse(readFileSync(join(FX, 'squad-mini.json'), 'utf8'));
    const docs = new Map<string, string[]>(data.data.map((a: any) => [a.title, [...a.paragraphs.map((p: any) => p.context).join('\n\n')]]));
    const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.length).toBeGreaterThan(3);
    for (const l of lines) {
      expect(Object.keys(l)).toEqual(expect.arrayContaining(['docId', 'start', 'end', 'text', 'prefix']));
      expect(docs.get(l.docId)!.slice(l.start, l.end).join('')).toBe(l.text);
    }
    expect(r.err).toContain(`${lines.length} chunks from 2 documents`);
    expect(r.err).toMatch(/^semantic   no --model: sentence vectors from the lexical TF-IDF embedder/m);
  });

  test('eval --json piped into another process arrives whole, far past 64 KiB (exit after flush)', () => {
    const big = bigSquad();
    // The consumer is a second process reading the pipe to its end; pipefail keeps the CLI's exit code.
    const consumer = `let b=[];process.stdin.on('data',d=>b.push(d));process.stdin.on('end',()=>{const s=Buffer.concat(b).toString('utf8');let q=-1;try{q=JSON.parse(s).questions.length}catch{}process.stdout.write(JSON.stringify({bytes:Buffer.byteLength(s),questions:q}))})`;
    const cmd = `set -o pipefail; npm run --silent cli -- eval --dataset '${big.path}' --chunker fixed --max-tokens 8 --json | node -e "${consumer}"`;
    const r = spawnSync('bash', ['-c', cmd], { cwd: root, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const got = JSON.parse(r.stdout);
    expect(got.bytes).toBeGreaterThan(3 * 65536);
    expect(got.questions).toBe(big.questions);
  });

  test('an error quoting multi-line input still prints one line', () => {
    const bad = join(tmp, 'hello.json');
    writeFileSync(bad, 'hello\n');
    const r = npmCli(['eval', '--dataset', bad, '--chunker', 'fixed', '--max-tokens', '32']);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/^error: .*hello\.json/);
  });
  test('bad input: exit code 2, one "error:" line on stderr, nothing on stdout, nothing written', () => {
    const out = join(tmp, 'never.json');
    const r = npmCli(['eval', '--dataset', join(tmp, 'missing.json'), '--chunker', 'fixed', '--max-tokens', '32', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.trim().split('\n')).toEqual([`error: ${join(tmp, 'missing.json')}: no such file or folder`]);
    expect(existsSync(out)).toBe(false);
  });
  test("<command> --help (or -h, among other flags) prints the command's flag table: the text main.ts prints itself, without loading the command, is the table's", () => {
    for (const name of Object.keys(COMMANDS) as CommandName[]) {
      const r = npmCli([name, '--help']);
      expect(r.code, name).toBe(0);
      expect(r.out, name).toBe(`${helpOf(name)}\n`);
    }
    const r = npmCli(['chunk', '--dataset', 'nowhere', '-h']);
    expect([r.code, r.out]).toEqual([0, `${helpOf('chunk')}\n`]);
  });
});
