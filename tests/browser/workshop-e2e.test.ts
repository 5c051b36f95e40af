// The workshop end to end (issue 21, "Done when"), on the published build (this run's distDir served
// under /chunklab/ by a plain static server with no headers, its service worker on):
// 1. the teacher exports a course pack (the Portuguese sample corpus, its questions, a grid with
//    dense retrieval, the language, a title) and publishes it beside the page;
// 2. a student opens `?pack=<relative url>` (declines at first); the service worker keeps a copy of
//    the pack, so with the network off a reload still opens it (accepted this time, added);
// 3. the pack's grid runs against the venue's OpenAI-compatible embedding server, a real local HTTP
//    server that sends NO CORS headers: the page's Portuguese message names the relay first, with the
//    command filled in; the test starts that very command (build/cli proxy), which refuses other
//    origins and a second target, and the same grid then runs through it; the student saves the
//    results with a name;
// 4. two more students do the same through the relay (other configurations, other names);
// 5. the teacher drops the folder of the three results files into the leaderboard: one ranked view
//    with each author and an interval.
// Every view passed through is checked for Portuguese only (tests/browser/portuguese.ts).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openBrowser, type Session } from './browser';
import { serveFolder, type StaticServer } from './static-server';
import { distDir, useEmbeddingService, waitSaved } from './helpers';
import { englishOnPage } from './portuguese';
import { startEmbeddingServer, type EmbeddingServer } from '../engine/embedding/providers/server.ts';
import { readPack } from '../../src/engine/formats/index.ts';
import type { ResultsFile } from '../../src/engine/evaluation/types.ts';

const KEY = 'sk-workshop-SECRET';
const MODEL = 'text-embedding-3-small';
const TITLE = 'Oficina de RAG: servidor local';
const CLI = 'build/cli/chunklab.mjs';
const sampleQuestions = (JSON.parse(readFileSync('public/samples/pt-BR/questions.json', 'utf8')) as { questions: unknown[] }).questions.length;
const sampleDocs = (JSON.parse(readFileSync('public/samples/pt-BR/documents.json', 'utf8')) as { documents: unknown[] }).documents.length;

let site: StaticServer;
let server: EmbeddingServer;
/** A second server on this machine that the relay must never reach. */
let other: { server: Server; port: number; seen: string[] };
let relay: { child: ChildProcess; url: string; port: number } | undefined;
let teacher: Session;
const sessions: Session[] = [];
const classDir = mkdtempSync(join(tmpdir(), 'chunklab-workshop-'));
let packRef = '';
/** Where the relay command from the page's message points: the server's origin, the page's origin. */
let command: { to: string; origin: string } | undefined;
/** English strings found, per view ("student 1 · experiments"): must stay empty. */
const english: Record<string, string[]> = {};

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "node scripts/build.mjs" first (npm ci does it)`);
  site = await serveFolder(distDir(), 'chunklab');
  server = await startEmbeddingServer({ kind: 'openai', key: KEY, noCors: true });
  const seen: string[] = [];
  const s = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('second server');
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  other = { server: s, port: (s.address() as AddressInfo).port, seen };
}, 60_000);

afterAll(async () => {
  for (const x of sessions) await x.close().catch(() => undefined);
  if (relay && relay.child.exitCode === null) relay.child.kill('SIGTERM');
  await server?.close();
  await site?.close();
  other?.server.close();
  rmSync(classDir, { recursive: true, force: true });
});

async function newSession(): Promise<Session> {
  const s = await openBrowser({ serviceWorker: true });
  sessions.push(s);
  return s;
}

/** Waits until the page (on the published site) has its workspace. */
async function waitWorkspace(page: Page): Promise<void> {
  await page.locator('[data-testid="storage-status"] [data-status="saved"]').waitFor({ timeout: 60_000 });
  await page.getByTestId('corpus-title').waitFor({ timeout: 60_000 });
}

/** The service worker controls the page and the page reloaded itself into cross-origin isolation. */
async function waitControlled(page: Page): Promise<void> {
  await page.waitForFunction(() => crossOriginIsolated && !!navigator.serviceWorker.controller, null, { timeout: 120_000 });
  await waitWorkspace(page);
}

async function view(page: Page, name: string): Promise<void> {
  await page.goto(new URL(`#/${name}`, page.url()).href);
  await waitSaved(page);
  await page.locator('main h1, main h2').first().waitFor({ timeout: 60_000 });
}

/** Records the English strings the page shows now under `where`. */
async function checkPortuguese(page: Page, where: string): Promise<void> {
  const bad = await englishOnPage(page);
  if (bad.length) english[where] = bad;
}

async function useService(page: Page, base: string): Promise<void> {
  await useEmbeddingService(page, { base, model: MODEL, key: KEY });
}

/** Runs the grid shown (`runs` runs), confirming the send to the service; resolves when it has ended. */
async function runGrid(page: Page, runs: number): Promise<void> {
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs'), { timeout: 30_000 }).toBe(String(runs));
  await page.getByTestId('exp-run').click();
  await page.getByTestId('service-send').click({ timeout: 60_000 });
  const ended = page.locator('[data-testid="exp-runs"] li[data-status="done"], [data-testid="exp-runs"] li[data-status="error"]');
  await expect.poll(() => ended.count(), { timeout: 240_000 }).toBe(runs);
}

/** The pack's grid is the one in the form: structure only, 128, no header, dense only. */
async function expectPackGrid(page: Page): Promise<void> {
  expect(await page.locator('input[data-chunker="structure"]').isChecked()).toBe(true);
  expect(await page.locator('input[data-chunker="fixed"]').isChecked()).toBe(false);
  expect(await page.locator('input[data-retriever="dense"]').isChecked()).toBe(true);
  expect(await page.locator('input[data-retriever="bm25"]').isChecked()).toBe(false);
}

/** `npm run cli -- proxy --to <to> --allow-origin <origin>`, as the page wrote it, on a free port. */
async function startRelayCommand(to: string, origin: string): Promise<{ child: ChildProcess; url: string; port: number }> {
  const child = spawn(process.execPath, [CLI, 'proxy', '--to', to, '--allow-origin', origin, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stderr!.on('data', (d) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d.toString();
      const m = /^relay (http:\/\/127\.0\.0\.1:(\d+)) -> /m.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (c) => reject(new Error(`the relay exited (${c}): ${out}`)));
  });
  return { child, url, port: Number(new URL(url).port) };
}

/** A raw HTTP/1.1 exchange (what fetch never sends: an absolute-form target). */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => s.write(text));
    let got = '';
    s.on('data', (d) => (got += d.toString('utf8')));
    s.on('close', () => resolve(got));
    s.on('error', reject);
    s.setTimeout(10_000, () => s.destroy());
  });
}

/** Saves the run shown in Results as a results file with `author`; returns the parsed file. */
async function saveResults(page: Page, author: string): Promise<ResultsFile> {
  await view(page, 'results');
  await page.getByTestId('res-share').waitFor({ timeout: 60_000 });
  await page.getByTestId('res-share-author').fill(author);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('res-share-save').click()]);
  const text = readFileSync((await download.path())!, 'utf8');
  await page.locator('[data-testid="res-share-message"][data-kind="ok"]').waitFor();
  writeFileSync(join(classDir, download.suggestedFilename()), text);
  return JSON.parse(text) as ResultsFile;
}

/**
 * hit@5 recomputed here from the file's own chunks, gold spans and rankings (CONTRACT: a question is a
 * hit when every gold span is contained in some unit among its first five ranked), not its metrics.
 */
function hit5Of(file: ResultsFile): number {
  const units = new Map(file.chunks.map((c) => [c.id, c]));
  const hit = file.questions.filter((q) => {
    const top = q.ranked.slice(0, 5).map((id) => units.get(id)!);
    return q.gold.every((g) => top.some((u) => u.docId === g.docId && u.start <= g.start && g.end <= u.end));
  });
  return hit.length / file.questions.length;
}

test('the teacher exports a course pack and publishes it beside the page', async () => {
  teacher = await newSession();
  const { page } = teacher;
  await page.goto(site.url);
  await waitControlled(page);
  await view(page, 'experiments');
  await page.locator('input[data-chunker="structure"]').waitFor({ timeout: 60_000 });
  await page.locator('input[data-chunker="fixed"]').uncheck();
  await page.locator('input[data-retriever="dense"]').check();
  await page.locator('input[data-retriever="bm25"]').uncheck();
  await view(page, 'workspace');
  await page.getByTestId('pack-export').click();
  await page.getByTestId('pack-title').fill(TITLE);
  await checkPortuguese(page, 'teacher · workspace (export)');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pack-export-save').click()]);
  const text = readFileSync((await download.path())!, 'utf8');
  const pack = readPack(text);
  expect(pack).toMatchObject({ title: TITLE, language: 'pt-BR' });
  expect(pack.workspace.corpora).toHaveLength(1);
  expect(pack.workspace.corpora[0].documents).toHaveLength(sampleDocs);
  expect(pack.workspace.questionSets[0].questions).toHaveLength(sampleQuestions);
  expect(pack.grids[0].grid).toMatchObject({ chunkers: ['structure'], sizes: [128], retrievers: ['dense'] });
  mkdirSync(join(distDir(), 'packs'), { recursive: true });
  packRef = `packs/oficina-${Date.now()}.json`;
  writeFileSync(join(distDir(), packRef), text);
}, 300_000);

test('student 1: the ?pack= link, offline after one visit; the CORS message names the relay; the relay makes the grid run; results saved', async () => {
  const s = await newSession();
  const { page } = s;
  const asked: string[] = [];
  let accept = false;
  page.on('dialog', (d) => {
    asked.push(d.message());
    void (accept ? d.accept() : d.dismiss());
  });
  const link = new URL(`?pack=${packRef}`, site.url).href;

  // First visit by the link: the student declines; the service worker takes the page (one reload).
  await page.goto(link);
  await waitControlled(page);
  await expect.poll(() => page.getByTestId('pack-message').textContent(), { timeout: 60_000 }).toMatch(/não aberto/);
  expect(asked.length).toBeGreaterThan(0);
  for (const q of asked) expect(q).toMatch(new RegExp(`^Abrir o pacote "${TITLE}"\\? Ele ACRESCENTA 1 corpus \\(${sampleDocs} documentos, ${sampleQuestions} perguntas\\)`));
  // The service worker kept the pack the link fetched (and only under this app version's cache).
  const packUrl = new URL(packRef, site.url).href;
  await expect
    .poll(() => page.evaluate(async (u) => {
      for (const name of await caches.keys()) if (name.startsWith('chunklab-packs-') && (await (await caches.open(name)).match(u))) return name;
      return '';
    }, packUrl), { timeout: 60_000 })
    .toMatch(/^chunklab-packs-/);
  expect(await page.locator('[data-testid="corpus-list"] li').count()).toBe(1);

  // Offline (the browser's emulation, and the host gone): a reload opens the page and the pack.
  await s.context.setOffline(true);
  site.down(true);
  try {
    accept = true;
    const before = asked.length;
    await page.reload();
    await waitWorkspace(page);
    await expect.poll(() => page.getByTestId('pack-message').textContent(), { timeout: 60_000 }).toMatch(new RegExp(`^Pacote "${TITLE}" aberto`));
    expect(asked.length).toBe(before + 1);
    await waitSaved(page);
    await expect.poll(() => page.locator('[data-testid="corpus-list"] li').count()).toBe(2);
    await checkPortuguese(page, 'student 1 · workspace (pack opened offline)');
  } finally {
    site.down(false);
    await s.context.setOffline(false);
  }

  // The venue's server, straight: the browser refuses its answers (no CORS headers).
  const origin = new URL(page.url()).origin;
  await useService(page, server.base);
  await view(page, 'experiments');
  await page.locator('input[data-chunker="structure"]').waitFor({ timeout: 60_000 });
  await expectPackGrid(page);
  await runGrid(page, 1);
  const error = page.locator('[data-testid="exp-runs"] li[data-status="error"] [role="alert"]');
  await error.waitFor({ timeout: 60_000 });
  const message = (await error.textContent()) ?? '';
  expect(message).toMatch(/^O servidor em http:\/\/127\.0\.0\.1:\d+ responde, mas o navegador não entrega a resposta a esta página/);
  const m = /npm run cli -- proxy --to (\S+) --allow-origin (\S+)/.exec(message);
  expect(m, message).not.toBeNull();
  command = { to: m![1], origin: m![2] };
  expect(command).toEqual({ to: new URL(server.base).origin, origin });
  // The relay first, then the servers' own switches; never the key.
  expect(message.indexOf('proxy --to')).toBeLessThan(message.indexOf('OLLAMA_ORIGINS'));
  expect(message).not.toContain(KEY);
  expect(server.served()).toHaveLength(0);
  await checkPortuguese(page, 'student 1 · experiments (CORS message)');

  // The relay, exactly as the message says (on a free port): the real command-line program.
  relay = await startRelayCommand(command.to, command.origin);
  // It refuses another origin and a second target before any server sees a request.
  const refused = await fetch(`${relay.url}/v1/embeddings`, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, body: '{}' });
  expect(refused.status).toBe(403);
  expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  const preflight = await fetch(`${relay.url}/v1/embeddings`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
  expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  const second = `http://127.0.0.1:${other.port}`;
  for (const attempt of [
    `GET ${second}/secret HTTP/1.1\r\nHost: 127.0.0.1:${other.port}\r\nConnection: close\r\n\r\n`,
    `GET /secret HTTP/1.1\r\nHost: 127.0.0.1:${other.port}\r\nConnection: close\r\n\r\n`,
    `CONNECT 127.0.0.1:${other.port} HTTP/1.1\r\nHost: 127.0.0.1:${other.port}\r\n\r\n`,
  ]) {
    expect(await raw(relay.port, attempt), attempt).toMatch(/^HTTP\/1\.1 (400|403|405|421) /);
  }
  expect(other.seen).toEqual([]);
  expect(server.served()).toHaveLength(0);

  // The same grid through the relay: it runs.
  await useService(page, `${relay.url}/v1`);
  await view(page, 'experiments');
  await page.locator('input[data-chunker="structure"]').waitFor({ timeout: 60_000 });
  await expectPackGrid(page);
  await runGrid(page, 1);
  const runs = page.getByTestId('exp-runs');
  expect(await runs.locator('li[data-status="error"]').count(), (await runs.textContent()) ?? '').toBe(0);
  expect(await runs.locator('li[data-status="done"]').count()).toBe(1);
  expect(server.served().length).toBeGreaterThan(0);
  // The server saw the key and never the page's origin (the relay drops it).
  expect(server.served().every((r) => r.headers.authorization === `Bearer ${KEY}` && r.headers.origin === undefined)).toBe(true);
  await checkPortuguese(page, 'student 1 · experiments (done)');

  const file = await saveResults(page, 'Ana');
  expect(file.config.author).toBe('Ana');
  expect(file.config).toMatchObject({ chunker: 'structure', retriever: { kind: 'dense' } });
  for (const v of ['results', 'workspace', 'inspector', 'search', 'experiments', 'lessons']) {
    await view(page, v);
    await checkPortuguese(page, `student 1 · ${v}`);
  }
  expect(english).toEqual({});
}, 600_000);

test('students 2 and 3 open the link, run their own variation of the grid through the relay, and save', async () => {
  expect(relay, 'student 1 started the relay').toBeDefined();
  const link = new URL(`?pack=${packRef}`, site.url).href;
  const students = [
    { author: 'Bruno', change: async (page: Page) => page.getByTestId('exp-sizes').fill('64') },
    { author: 'Carla', change: async (page: Page) => page.locator('input[data-chunker="recursive"]').check() },
  ];
  for (const st of students) {
    const s = await newSession();
    const { page } = s;
    page.on('dialog', (d) => void d.accept());
    await page.goto(link);
    await waitControlled(page);
    await expect.poll(() => page.locator('[data-testid="corpus-list"] li').count(), { timeout: 60_000 }).toBe(2);
    await waitSaved(page);
    await useService(page, `${relay!.url}/v1`);
    await view(page, 'experiments');
    await page.locator('input[data-chunker="structure"]').waitFor({ timeout: 60_000 });
    await expectPackGrid(page);
    await st.change(page);
    const runs = st.author === 'Carla' ? 2 : 1;
    await runGrid(page, runs);
    expect(await page.locator('[data-testid="exp-runs"] li[data-status="done"]').count(), (await page.getByTestId('exp-runs').textContent()) ?? '').toBe(runs);
    const file = await saveResults(page, st.author);
    expect(file.config.author).toBe(st.author);
    await checkPortuguese(page, `${st.author} · results`);
    await s.close();
    sessions.splice(sessions.indexOf(s), 1);
  }
  expect(english).toEqual({});
}, 600_000);

test('the teacher drops the folder of the three students’ results: one ranked view, each author, intervals, in Portuguese', async () => {
  const files = readdirSync(classDir).map((f) => JSON.parse(readFileSync(join(classDir, f), 'utf8')) as ResultsFile);
  expect(files.map((f) => f.config.author).sort()).toEqual(['Ana', 'Bruno', 'Carla']);
  const { page } = teacher;
  await view(page, 'lessons');
  await page.getByTestId('lb-folder').setInputFiles(classDir);
  await expect.poll(() => page.getByTestId('lb-row').count(), { timeout: 120_000 }).toBe(3);
  expect(await page.getByTestId('lb-errors').count()).toBe(0);
  // Same questions for all: one group, no "not comparable" note.
  expect(await page.getByTestId('lb-not-comparable').count()).toBe(0);
  expect(await page.getByTestId('lb-hit5-ci').count()).toBe(3);
  // Ranked best first by hit@5, recomputed here from each file's own rankings and gold.
  const hit5 = Object.fromEntries(files.map((f) => [f.config.author as string, hit5Of(f)]));
  for (const f of files) expect(hit5[f.config.author as string]).toBeCloseTo(f.metrics['hit@5'], 9);
  const authors = await page.getByTestId('lb-author').allTextContents();
  expect([...authors].sort()).toEqual(['Ana', 'Bruno', 'Carla']);
  const shown = authors.map((a) => hit5[a]);
  expect(shown).toEqual([...shown].sort((a, b) => b - a));
  const pt = (x: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 }).format(x);
  expect(await page.getByTestId('lb-hit5').allTextContents()).toEqual(shown.map(pt));
  await checkPortuguese(page, 'teacher · lessons (class leaderboard)');
  expect(english).toEqual({});
}, 300_000);
