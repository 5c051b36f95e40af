// The learned line-role model: "is this line a heading?" from the line's features (features.ts).
// Trained by bench/pdf-corpus/train.py on the generated, labelled corpus (bench/pdf-corpus/) and shipped
// as heading-model.json: gradient-boosted trees (or a logistic regression), evaluated here in a few
// lines, deterministic, the same in the page, the CLI and the tests.

import SHIPPED from './heading-model.json' with { type: 'json' };
import { rowText } from '../lines/geometry.ts';
import type { HeadingModel, Row } from '../types.ts';
import { FEATURE_NAMES, lineFeatures } from './features.ts';
import type { LineDecision } from './line.ts';
import { numberingDepth } from './patterns.ts';

export type { HeadingModel };

export const HEADING_MODEL = SHIPPED as HeadingModel;

/** Checks that a model was trained on the features this reader computes, in the same order. */
export function checkModel(m: HeadingModel): HeadingModel {
  if (m.features.length !== FEATURE_NAMES.length || m.features.some((n, i) => n !== FEATURE_NAMES[i]))
    throw new Error(`heading model: trained on features [${m.features.join(', ')}], the reader computes [${FEATURE_NAMES.join(', ')}]; retrain it (bench/pdf-corpus/train.py)`);
  return m;
}

/** Features rounded as the training dump writes them (4 decimals), so both sides compare equal numbers. */
const q = (x: number) => Math.round(x * 1e4) / 1e4;

/** The model's probability that a line with these features is a heading. */
export function headingProbability(m: HeadingModel, x: number[]): number {
  let z: number;
  if (m.kind === 'logistic') {
    z = m.intercept;
    for (let i = 0; i < m.coef.length; i++) z += ((q(x[i]) - m.mean[i]) / m.scale[i]) * m.coef[i];
  } else {
    z = m.init;
    for (const t of m.trees) {
      let n = 0;
      while (t.l[n] >= 0) n = q(x[t.f[n]]) <= t.t[n] ? t.l[n] : t.r[n];
      z += m.rate * t.v[n];
    }
  }
  return 1 / (1 + Math.exp(-z));
}

/**
 * The per-line heading decision by a model: features computed once for the rows in hand, a line is a
 * heading when the model's probability reaches its threshold; its style (size, weight) and section
 * number then give its level as for any heading.
 */
export function modelDecision(m: HeadingModel, handRoles: (rows: Row[]) => Map<Row, number>): LineDecision {
  checkModel(m);
  let seen: Row[] | null = null;
  let feats: number[][] = [];
  return ({ rows, i, body }) => {
    if (seen !== rows) {
      seen = rows;
      feats = lineFeatures(rows, body, handRoles(rows));
    }
    if (headingProbability(m, feats[i]) < m.threshold) return null;
    const r = rows[i];
    let f = r.frags[0];
    for (const g of r.frags) if (g.size > f.size) f = g;
    return { size: Math.round(f.size * 2) / 2, bold: f.bold, depth: numberingDepth(rowText(r).trim()) };
  };
}
