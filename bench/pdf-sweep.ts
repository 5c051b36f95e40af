// Robustness sweep of the PDF reader over folders of real PDFs: crashes, hangs, refusals, empty or
// short output, pages losing text that pypdf's plain text has, absurd output.
//   tsx bench/pdf-sweep.ts [--timeout <s>=60] [--pypdf] [--pypdf-cache <file.jsonl>] [--engine <pdf.ts>]
//                          [--json <out.json>] [--list <kind,…>] [--save|--load <ours.jsonl>] <folder or file.pdf>…
// Each file is read in a child process (one at a time), so a hang is killed after --timeout seconds
// and a crash outside any promise (pdf.js throwing from a callback) is caught and counted, then the
// sweep goes on with the next file in a fresh child. Files ending in .link (pdf.js's pointers to
// files it downloads) and anything not ending in .pdf are skipped.
// With --pypdf, pypdf (python3) reads every file page by page too (per-file timeout, results kept in
// --pypdf-cache so a rerun does not pay for them again) and each page's text is compared with ours:
// the letters and digits of both (NFKC, lower case) as multisets, so word splits, order and Markdown
// markup do not count, only characters pypdf finds on a page that we do not (glyph names pypdf
// writes for glyphs it cannot map, "/g18", are left out).
// Kinds of findings:
//   crash    an error other than the reader's InputError refusals (or the child died)
//   hang     no answer within --timeout
//   refused  an InputError (encrypted, damaged, scanned…), with its code; "refused-readable" when
//            pypdf found text in it
//   empty    we wrote no letters or digits where pypdf found at least 20
//   short    we kept under 80% of the characters pypdf finds in the whole file (at least 100)
//   pageloss pages where we kept under 50% of pypdf's characters (at least 50 on the page)
//   absurd   far more text than pypdf (over 3× and 2,000 characters more), or a line over 20,000 characters
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const ROOT = join(import.meta.dirname, '..');
const MARK = '@@sweep ';

// ------------------------------------------------------------------ child: read files named on stdin
if (argv.includes('--child')) {
  const enginePath = resolve(arg('--engine') ?? join(ROOT, 'src/engine/documents/pdf/pdf.ts'));
  const { pdfToMarkdown } = (await import(enginePath)) as typeof import('../src/engine/documents/pdf/pdf.ts');
  const { loadPdfjs, pdfjsOptions } = await import('../tests/engine/documents/pdfjs-node.ts');
  let current = '';
  const say = (o: object) => process.stdout.write(`${MARK}${JSON.stringify(o)}\n`);
  process.on('uncaughtException', (e) => {
    say({ file: current, kind: 'crash', error: `uncaught: ${String((e as Error)?.stack ?? e).slice(0, 600)}` });
    process.exit(3);
  });
  process.on('unhandledRejection', (e) => {
    say({ file: current, kind: 'crash', error: `unhandled rejection: ${String((e as Error)?.stack ?? e).slice(0, 600)}` });
    process.exit(3);
  });
  say({ ready: true });
  for await (const line of createInterface({ input: process.stdin })) {
    if (!line) continue;
    current = line;
    const bytes = new Uint8Array(readFileSync(line));
    const t = process.cpuUsage();
    const w = performance.now();
    try {
      const r = await pdfToMarkdown(bytes, loadPdfjs, { ...pdfjsOptions, where: line });
      const u = process.cpuUsage(t);
      say({ file: line, kind: 'ok', pages: r.pageCount, cpuMs: (u.user + u.system) / 1000, wallMs: performance.now() - w, markdown: r.markdown, ranges: r.pages, notes: r.notes });
    } catch (e) {
      const err = e as { name?: string; code?: string; message?: string; stack?: string };
      if (err?.name === 'InputError') say({ file: line, kind: 'refused', code: err.code ?? '', error: String(err.message).slice(0, 300) });
      else say({ file: line, kind: 'crash', error: String(err?.stack ?? e).slice(0, 600) });
    }
  }
  process.exit(0);
}

// ------------------------------------------------------------------ parent
const timeoutS = Number(arg('--timeout') ?? 60);
const valued = new Set(['--timeout', '--pypdf-cache', '--engine', '--json', '--list', '--save', '--load']);
const inputs = argv.filter((a, i) => !a.startsWith('--') && !valued.has(argv[i - 1]));
if (!inputs.length) {
  console.error('usage: tsx bench/pdf-sweep.ts [--timeout s] [--pypdf] [--pypdf-cache f.jsonl] [--engine pdf.ts] [--json out.json] <folder|file.pdf>…');
  process.exit(2);
}
const files: string[] = [];
const walk = (p: string) => {
  if (statSync(p).isDirectory()) for (const f of readdirSync(p).sort()) walk(join(p, f));
  else if (/\.pdf$/i.test(p)) files.push(resolve(p));
};
for (const i of inputs) walk(i);

interface Outcome {
  file: string;
  kind: 'ok' | 'refused' | 'crash' | 'hang';
  code?: string;
  error?: string;
  pages?: number;
  cpuMs?: number;
  wallMs?: number;
  markdown?: string;
  ranges?: { page: number; start: number; end: number }[];
  notes?: string[];
}

/** Reads `list` in child processes, one file at a time; a hang or a dead child costs that file only. */
async function sweep(list: string[]): Promise<Map<string, Outcome>> {
  const out = new Map<string, Outcome>();
  let next = 0;
  while (next < list.length) {
    const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, '--child', ...(arg('--engine') ? ['--engine', arg('--engine')!] : [])], { stdio: ['pipe', 'pipe', 'ignore'] });
    const lines = createInterface({ input: child.stdout! });
    const iter = lines[Symbol.asyncIterator]();
    const read = async (ms: number): Promise<Outcome | { ready: true } | null> => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((r) => (timer = setTimeout(() => r(null), ms)));
      try {
        for (;;) {
          const got = await Promise.race([iter.next(), timeout]);
          if (got === null) return null;
          if (got.done) return { file: '', kind: 'crash', error: 'the child process died' };
          if (got.value.startsWith(MARK)) return JSON.parse(got.value.slice(MARK.length));
        }
      } finally {
        clearTimeout(timer);
      }
    };
    if (!(await read(120_000))) throw new Error('the sweep child did not start');
    while (next < list.length) {
      const file = list[next++];
      child.stdin!.write(`${file}\n`);
      const r = await read(timeoutS * 1000);
      const o: Outcome = r && 'kind' in r ? { ...r, file } : { file, kind: 'hang', error: `no answer within ${timeoutS} s` };
      out.set(file, o);
      const done = out.size;
      if (done % 50 === 0) process.stderr.write(`  ${done}/${list.length}\n`);
      if (o.kind === 'hang' || (o.kind === 'crash' && child.exitCode !== null) || o.error === 'the child process died' || /^uncaught|^unhandled/.test(o.error ?? '')) {
        child.kill('SIGKILL');
        break;
      }
    }
    child.stdin!.end();
    child.kill('SIGKILL');
  }
  return out;
}

// pypdf's text page by page, one Python process, a per-file alarm; cached by path, size and mtime.
const PYPDF = `import json,sys,signal,time,logging,warnings
logging.disable(logging.CRITICAL); warnings.filterwarnings('ignore')
import pypdf
class TO(Exception): pass
def alarm(*a): raise TO()
signal.signal(signal.SIGALRM, alarm)
for line in sys.stdin:
    p=line.rstrip('\\n')
    if not p: continue
    t=time.process_time(); rec={'file':p}; signal.alarm(int(sys.argv[1]))
    try:
        r=pypdf.PdfReader(p)
        if r.is_encrypted:
            try: r.decrypt('')
            except Exception: pass
        pages=[]
        for pg in r.pages:
            try: pages.append(pg.extract_text() or '')
            except TO: raise
            except Exception: pages.append('')
        rec['pages']=pages
    except TO: rec['error']='timeout'
    except Exception as e: rec['error']=(type(e).__name__+': '+str(e))[:200]
    finally: signal.alarm(0)
    rec['cpuMs']=(time.process_time()-t)*1000
    print(json.dumps(rec),flush=True)
`;
interface PyOut {
  file: string;
  pages?: string[];
  error?: string;
  cpuMs: number;
  stamp?: string;
}
const stampOf = (f: string) => {
  const s = statSync(f);
  return `${s.size}:${Math.round(s.mtimeMs)}`;
};
function pypdfPages(list: string[]): Map<string, PyOut> | null {
  if (spawnSync('python3', ['-c', 'import pypdf'], { encoding: 'utf8' }).status !== 0) {
    console.log('  (pypdf is not installed: no comparison)');
    return null;
  }
  const cacheFile = arg('--pypdf-cache');
  const got = new Map<string, PyOut>();
  if (cacheFile && existsSync(cacheFile)) {
    for (const l of readFileSync(cacheFile, 'utf8').split('\n')) {
      if (!l.trim()) continue;
      const r = JSON.parse(l) as PyOut;
      if (r.stamp ? r.stamp === (existsSync(r.file) ? stampOf(r.file) : '') : true) got.set(r.file, r);
    }
  }
  const missing = list.filter((f) => !got.has(f));
  if (missing.length) {
    const r = spawnSync('python3', ['-c', PYPDF, String(timeoutS)], { input: missing.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 30 });
    const fresh = r.stdout.split('\n').filter((l) => l.trim()).map((l) => ({ ...(JSON.parse(l) as PyOut) }));
    for (const f of fresh) {
      f.stamp = stampOf(f.file);
      got.set(f.file, f);
    }
    if (cacheFile) writeFileSync(cacheFile, [...got.values()].map((x) => JSON.stringify(x)).join('\n') + '\n');
  }
  return got;
}

// ------------------------------------------------------------------ comparison
const chars = (s: string) => (s.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]/gu) ?? []);
function bag(s: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of chars(s)) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}
/** Characters of `want` also in `have` (multiset intersection), and the size of `want`. */
function kept(have: Map<string, number>, want: Map<string, number>): { kept: number; want: number } {
  let k = 0;
  let w = 0;
  for (const [c, n] of want) {
    w += n;
    k += Math.min(n, have.get(c) ?? 0);
  }
  return { kept: k, want: w };
}
const size = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
// Markdown markup that is not text: table separator rows, fences, escapes.
const plain = (md: string) => md.replace(/^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*$/gm, '').replace(/\\/g, '');

interface Finding {
  file: string;
  kind: string;
  detail: string;
}

const t0 = performance.now();
const py = argv.includes('--pypdf') ? pypdfPages(files) : null;
// --save <f.jsonl> keeps our outcomes; --load <f.jsonl> compares saved ones instead of reading again.
const loadFrom = arg('--load');
const ours = loadFrom ? new Map(readFileSync(loadFrom, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Outcome).map((o) => [o.file, o] as const)) : await sweep(files);
if (arg('--save')) writeFileSync(arg('--save')!, [...ours.values()].map((o) => JSON.stringify(o)).join('\n') + '\n');
for (const f of files) if (!ours.has(f)) ours.set(f, { file: f, kind: 'hang', error: 'not in the loaded outcomes' });
const findings: Finding[] = [];
const totals = { files: files.length, ok: 0, refused: 0, crash: 0, hang: 0, empty: 0, short: 0, pageloss: 0, lostPages: 0, absurd: 0, refusedReadable: 0, keptChars: 0, pyChars: 0, ourCpuMs: 0, pyCpuMs: 0, timedPages: 0 };
const byCode = new Map<string, number>();
for (const f of files) {
  const o = ours.get(f)!;
  const p = py?.get(f);
  // pypdf writes a glyph it cannot map to Unicode as its name ("/g18", "/uni4E2D", "/cid123"): not text.
  const pyPages = p?.pages?.map((t) => t.replace(/\/[A-Za-z][\w.]*/g, ' ')) ?? null;
  const pyAll = pyPages ? bag(pyPages.join('\n')) : null;
  if (o.kind === 'crash' || o.kind === 'hang') {
    totals[o.kind]++;
    findings.push({ file: f, kind: o.kind, detail: (o.error ?? '').split('\n').slice(0, 3).join(' | ') });
    continue;
  }
  if (o.kind === 'refused') {
    totals.refused++;
    byCode.set(o.code ?? '', (byCode.get(o.code ?? '') ?? 0) + 1);
    const readable = pyAll ? size(pyAll) : 0;
    if (readable >= 20) {
      totals.refusedReadable++;
      findings.push({ file: f, kind: 'refused-readable', detail: `${o.code}: pypdf finds ${readable} characters; ${o.error}` });
    }
    continue;
  }
  totals.ok++;
  const md = o.markdown ?? '';
  const mine = bag(plain(md));
  if (pyAll && p && !p.error) {
    totals.ourCpuMs += o.cpuMs ?? 0;
    totals.pyCpuMs += p.cpuMs;
    totals.timedPages += o.pages ?? 0;
    const all = kept(mine, pyAll);
    totals.keptChars += all.kept;
    totals.pyChars += all.want;
    if (size(mine) === 0 && all.want >= 20) {
      totals.empty++;
      findings.push({ file: f, kind: 'empty', detail: `pypdf finds ${all.want} characters` });
    } else if (all.want >= 100 && all.kept < 0.8 * all.want) {
      totals.short++;
      findings.push({ file: f, kind: 'short', detail: `kept ${all.kept}/${all.want} characters (${((100 * all.kept) / all.want).toFixed(0)}%)` });
    }
    // Page by page, from the page map.
    const lost: string[] = [];
    pyPages!.forEach((text, i) => {
      const want = bag(text);
      if (size(want) < 50) return;
      const here = (o.ranges ?? []).filter((r) => r.page === i + 1).map((r) => md.slice(r.start, r.end)).join('\n');
      const k = kept(bag(plain(here)), want);
      if (k.kept < 0.5 * k.want) lost.push(`p${i + 1} ${k.kept}/${k.want}`);
    });
    if (lost.length) {
      totals.pageloss++;
      totals.lostPages += lost.length;
      findings.push({ file: f, kind: 'pageloss', detail: `${lost.length} page(s): ${lost.slice(0, 8).join(', ')}${lost.length > 8 ? ', …' : ''}` });
    }
    const longest = Math.max(0, ...md.split('\n').map((l) => l.length));
    if ((size(mine) > 3 * all.want && size(mine) > all.want + 2000) || longest > 20_000) {
      totals.absurd++;
      findings.push({ file: f, kind: 'absurd', detail: `${size(mine)} characters (pypdf ${all.want}), longest line ${longest}` });
    }
  } else if (size(mine) === 0) {
    totals.empty++;
    findings.push({ file: f, kind: 'empty', detail: `no text (pypdf: ${p?.error ?? 'not run'})` });
  }
}
const wanted = (argv.includes('--list') ? arg('--list')!.split(',') : ['crash', 'hang', 'empty', 'short', 'pageloss', 'absurd', 'refused-readable']);
for (const kind of wanted) for (const x of findings.filter((y) => y.kind === kind)) console.log(`  ${x.kind.padEnd(16)} ${x.file}  ${x.detail}`);
console.log(
  `  ${totals.files} files: ${totals.ok} read, ${totals.refused} refused (${[...byCode].map(([c, n]) => `${c} ${n}`).join(', ')}), ${totals.crash} crashes, ${totals.hang} hangs; ` +
    (py
      ? `${totals.empty} empty, ${totals.short} short, ${totals.pageloss} with pages losing text (${totals.lostPages} pages), ${totals.absurd} absurd, ${totals.refusedReadable} refused that pypdf reads; characters kept vs pypdf ${(totals.keptChars / Math.max(1, totals.pyChars)).toFixed(4)}; CPU ms/page ours ${(totals.ourCpuMs / Math.max(1, totals.timedPages)).toFixed(1)}, pypdf ${(totals.pyCpuMs / Math.max(1, totals.timedPages)).toFixed(1)}`
      : `${totals.empty} empty`) +
    `; ${((performance.now() - t0) / 1000).toFixed(0)} s`,
);
const jsonOut = arg('--json');
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ totals, findings, files: files.map((f) => ({ file: f, kind: ours.get(f)!.kind, code: ours.get(f)!.code, pages: ours.get(f)!.pages, cpuMs: ours.get(f)!.cpuMs })) }, null, 1));
