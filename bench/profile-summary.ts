// Summarises a V8 .cpuprofile (from `node --cpu-prof --import tsx ...`): self time by function and
// by file, and inclusive time of the project's own functions, so hot spots can be named precisely.
//   tsx bench/profile-summary.ts <file.cpuprofile>... [--top N]
// With several files (node writes one per thread: tsx's loader has its own), the one with the most
// non-idle samples is summarised: the main thread.
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const args = process.argv.slice(2);
const t = args.indexOf('--top');
const top = t >= 0 ? Number(args[t + 1]) : 25;
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const profiles = args.filter((a) => a.endsWith('.cpuprofile')).map((f) => JSON.parse(readFileSync(f, 'utf8')) as Profile);
if (!profiles.length) throw new Error('usage: tsx bench/profile-summary.ts <file.cpuprofile>... [--top N]');
const busy = (p: Profile) => {
  const idle = new Set(p.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  return p.samples.filter((id) => !idle.has(id)).length;
};
const prof = profiles.sort((a, b) => busy(b) - busy(a))[0];
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map<number, number>();
prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0) / 1000));
const total = [...self.values()].reduce((a, b) => a + b, 0);

const short = (url: string) => url.replace(/^file:\/\//, '').replace(/^.*?\/(node_modules|src|bench)\//, '$1/');
const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const selfBy = new Map<string, number>();
const fileBy = new Map<string, number>();
const incl = new Map<string, number>();
for (const [id, ms] of self) {
  const n = byId.get(id)!;
  selfBy.set(label(n), (selfBy.get(label(n)) ?? 0) + ms);
  const f = short(n.callFrame.url) || `(${n.callFrame.functionName})`;
  fileBy.set(f, (fileBy.get(f) ?? 0) + ms);
  // inclusive: each distinct project function on the stack once
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const m = byId.get(cur)!;
    if (!m.callFrame.url.includes('/src/') && !m.callFrame.url.includes('/build/')) continue;
    const l = label(m);
    if (seen.has(l)) continue;
    seen.add(l);
    incl.set(l, (incl.get(l) ?? 0) + ms);
  }
}
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, ms] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${k}`);
  }
};
console.log(`total sampled: ${total.toFixed(0)} ms`);
show('self time by file', fileBy);
show('self time by function', selfBy);
show('inclusive time, project functions (src/ or build/)', incl);
