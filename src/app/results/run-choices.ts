// The labels of a list of saved runs to pick from (the share select, the boundary editor's run, the
// results file to save): a label alone when it is the only run so named; when several runs share a
// label (the same configuration run in two sessions), each says its session, else its time, so no
// two choices read the same. Pure: the page passes the session names and its clock.
export interface RunChoice {
  id: string;
  /** The run's label as the page shows it. */
  name: string;
  /** When the run was saved. */
  at: number;
  /** Its session's name, when it has one. */
  session?: string;
}

export function runChoiceLabels(runs: readonly RunChoice[], when: (at: number) => string): Map<string, string> {
  const count = new Map<string, number>();
  for (const r of runs) count.set(r.name, (count.get(r.name) ?? 0) + 1);
  const out = new Map<string, string>();
  const used = new Set<string>();
  for (const r of runs) {
    const base = (count.get(r.name) ?? 0) > 1 ? `${r.name} — ${r.session ?? when(r.at)}` : r.name;
    let label = base;
    for (let n = 2; used.has(label); n++) label = `${base} (${n})`;
    used.add(label);
    out.set(r.id, label);
  }
  return out;
}
