// An independent scorer for tests: the contract's metrics recomputed with position sets and plain
// loops (no interval arithmetic, no shared code with src/engine/evaluation/metrics.ts).
export interface IChunk { id: string; docId: string; start: number; end: number; tokens: number }
export interface ISpan { docId: string; start: number; end: number }
export interface IQuestion { gold: ISpan[]; ranked: string[] }

function positions(spans: ISpan[]): Set<string> {
  const s = new Set<string>();
  for (const x of spans) for (let i = x.start; i < x.end; i++) s.add(`${x.docId}\u0001${i}`);
  return s;
}

export function independentMetrics(chunks: IChunk[], questions: IQuestion[], budget = 1024): Record<string, number> {
  const find = (id: string) => {
    for (const c of chunks) if (c.id === id) return c;
    throw new Error(`no chunk ${id}`);
  };
  const inside = (c: IChunk, g: ISpan) => c.docId === g.docId && g.start >= c.start && g.end <= c.end;
  let h1 = 0, h3 = 0, h5 = 0, rr = 0, cov = 0, ctx = 0, rec = 0, prec = 0, iou = 0, hb = 0, rb = 0, omega = 0;
  for (const q of questions) {
    const ranked = q.ranked.map(find);
    const hitAt = (k: number) => {
      if (q.gold.length === 0) return false;
      for (const g of q.gold) {
        let ok = false;
        for (let i = 0; i < Math.min(k, ranked.length); i++) if (inside(ranked[i], g)) ok = true;
        if (!ok) return false;
      }
      return true;
    };
    if (hitAt(1)) h1++;
    if (hitAt(3)) h3++;
    if (hitAt(5)) h5++;
    for (let i = 0; i < ranked.length; i++) {
      if (q.gold.some((g) => inside(ranked[i], g))) {
        rr += 1 / (i + 1);
        break;
      }
    }
    if (q.gold.length && q.gold.every((g) => chunks.some((c) => inside(c, g)))) cov++;
    for (let i = 0; i < Math.min(3, ranked.length); i++) ctx += ranked[i].tokens;
    const top = ranked.slice(0, 5);
    const retrieved = positions(top);
    const goldPos = positions(q.gold);
    let common = 0;
    for (const p of goldPos) if (retrieved.has(p)) common++;
    let goldSum = 0, left = 0;
    for (const g of q.gold) {
      goldSum += g.end - g.start;
      for (let i = g.start; i < g.end; i++) if (!retrieved.has(`${g.docId}\u0001${i}`)) left++;
    }
    let unitSum = 0;
    for (const u of top) unitSum += u.end - u.start;
    rec += goldSum ? common / goldSum : 0;
    prec += unitSum ? common / unitSum : 0;
    iou += unitSum + left ? common / (unitSum + left) : 0;
    // Budget: units in rank order while the running token sum stays within the budget.
    let spent = 0;
    let cut = ranked.length;
    for (let i = 0; i < ranked.length; i++) {
      if (spent + ranked[i].tokens > budget) {
        cut = i;
        break;
      }
      spent += ranked[i].tokens;
    }
    const inBudget = ranked.slice(0, cut);
    if (q.gold.length && q.gold.every((g) => inBudget.some((u) => inside(u, g)))) hb++;
    const got = positions(inBudget);
    let gotGold = 0;
    for (const p of goldPos) if (got.has(p)) gotGold++;
    rb += goldSum ? gotGold / goldSum : 0;
    // Precision Ω: every chunk of the corpus that meets (or touches) a gold span; gold characters
    // intersected over the chunks' characters plus the gold no chunk covers.
    const meeting = chunks.filter((c) => q.gold.some((g) => g.docId === c.docId && Math.max(c.start, g.start) <= Math.min(c.end, g.end)));
    if (meeting.length) {
      const inChunks = positions(meeting);
      let topO = 0;
      const bottomO = new Set(inChunks);
      for (const p of goldPos) {
        if (inChunks.has(p)) topO++;
        else bottomO.add(p);
      }
      omega += topO / bottomO.size;
    }
  }
  const n = questions.length || 1;
  const tokens = chunks.reduce((s, c) => s + c.tokens, 0);
  return {
    'hit@1': h1 / n, 'hit@3': h3 / n, 'hit@5': h5 / n, mrr: rr / n, coverage: cov / n, ctx3: ctx / n,
    'recall@5': rec / n, 'precision@5': prec / n, 'iou@5': iou / n, 'hit@budget': hb / n, 'recall@budget': rb / n, precisionOmega: omega / n,
    chunks: chunks.length, meanTokens: chunks.length ? tokens / chunks.length : 0,
  };
}
