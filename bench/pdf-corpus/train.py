#!/usr/bin/env python3
# Trains a line-role model on the corpus: --task heading (is this line a heading? features.ts's dump,
# lines.jsonl) or --task running (is this candidate a running header/footer/page number? running.ts's
# dump, running.jsonl), and measures it on what it was not trained on: leave one producer out, leave
# one script out, line by line, beside today's hand rules on the same lines. Writes
#   src/engine/documents/pdf/roles/heading-model.json | running-model.json   the shipped model (trained on everything)
#   <dir>/folds/[running-]producer-<p>.json, script-<s>.json  the held-out folds' models (for bench/pdf-corpus/bench.ts)
#   <dir>/train-report[-running].json                the line-level table printed below
#   python3 bench/pdf-corpus/train.py [--task heading|running] [--lines FILE] [--kind gbt|logistic] [--sample docs]
import argparse
import json
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
# The two learned decisions: is this line a heading (features.ts's dump), is this candidate a running line (running.ts's dump).
TASKS = {
    "heading": {"target": "heading", "lines": "lines.jsonl", "out": ROOT / "src" / "engine" / "documents" / "pdf" / "roles" / "heading-model.json", "fold": "", "sample": "sample-lines.jsonl", "gbt": {"n_estimators": 40, "max_depth": 2, "min_samples_leaf": 50}},
    "running": {"target": "running", "lines": "running.jsonl", "out": ROOT / "src" / "engine" / "documents" / "pdf" / "roles" / "running-model.json", "fold": "running-", "sample": "sample-running.jsonl",
                # Deeper trees on smaller leaves: among candidates that repeat, a running title that changes with
                # the chapter (Writer's header, held out: recall 0.80 with 40 depth-2 trees, 0.98 with these) is
                # told from a body row in a fixed slot only by a few features together.
                "gbt": {"n_estimators": 80, "max_depth": 3, "min_samples_leaf": 20}},
}


def load(path, target="heading"):
    with open(path, encoding="utf-8") as f:
        head = json.loads(f.readline())
        names = head["features"]
        rows = [json.loads(l) for l in f]
    # The corpus's generator version (features.ts/running.ts write it; bench/pdf-corpus/version.ts): the
    # figures and the model name it. None: a dump from before round 5's stamps.
    load.generator = head.get("generator")
    rows = [r for r in rows if r["role"] != "unknown"]
    X = np.array([r["f"] for r in rows], dtype=np.float64)
    y = np.array([r["role"] == target for r in rows], dtype=np.int32)
    return names, rows, X, y


def fit(kind, X, y, gbt=None):
    if kind == "logistic":
        from sklearn.linear_model import LogisticRegression
        mean = X.mean(0)
        scale = X.std(0)
        scale[scale == 0] = 1
        m = LogisticRegression(max_iter=2000, C=1.0, class_weight="balanced")
        m.fit((X - mean) / scale, y)
        fit.last = lambda Z: m.predict_proba((Z - mean) / scale)[:, 1]
        return {"kind": "logistic", "mean": mean.round(6).tolist(), "scale": scale.round(6).tolist(), "coef": m.coef_[0].round(6).tolist(), "intercept": round(float(m.intercept_[0]), 6), "threshold": 0.5}
    from sklearn.ensemble import GradientBoostingClassifier
    m = GradientBoostingClassifier(**(gbt or {"n_estimators": 40, "max_depth": 2, "min_samples_leaf": 50}), learning_rate=0.1, random_state=0)
    m.fit(X, y)
    fit.last = lambda Z: m.predict_proba(Z)[:, 1]
    p = float(np.clip(y.mean(), 1e-6, 1 - 1e-6))
    trees = []
    for est in m.estimators_[:, 0]:
        t = est.tree_
        trees.append({
            "f": t.feature.tolist(),
            # Thresholds as float32 values would differ from the float64 features in the last bit: round
            # both sides the same way (features are dumped at 4 decimals; thresholds midway between them).
            "t": [round(float(x), 6) for x in t.threshold],
            "l": t.children_left.tolist(),
            "r": t.children_right.tolist(),
            "v": [round(float(v[0][0]), 6) for v in t.value],
        })
    return {"kind": "gbt", "init": round(float(np.log(p / (1 - p))), 6), "rate": m.learning_rate, "trees": trees, "threshold": 0.5}


def score(model, X):
    """The model's probability, computed from the JSON (as the TypeScript evaluator does)."""
    if model["kind"] == "logistic":
        z = ((X - np.array(model["mean"])) / np.array(model["scale"])) @ np.array(model["coef"]) + model["intercept"]
        return 1 / (1 + np.exp(-z))
    z = np.full(len(X), model["init"])
    for t in model["trees"]:
        node = np.zeros(len(X), dtype=np.int64)
        for _ in range(32):
            leaf = np.array(t["l"])[node] < 0
            if leaf.all():
                break
            f = np.array(t["f"])[node]
            thr = np.array(t["t"])[node]
            go_left = X[np.arange(len(X)), np.where(leaf, 0, f)] <= thr
            nxt = np.where(go_left, np.array(t["l"])[node], np.array(t["r"])[node])
            node = np.where(leaf, node, nxt)
        z = z + model["rate"] * np.array(t["v"])[node]
    return 1 / (1 + np.exp(-z))


def prf(pred, y):
    tp = int(((pred == 1) & (y == 1)).sum())
    fp = int(((pred == 1) & (y == 0)).sum())
    fn = int(((pred == 0) & (y == 1)).sum())
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"p": round(p, 3), "r": round(r, 3), "f1": round(f, 3), "headings": int(y.sum()), "lines": int(len(y))}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--task", default="heading", choices=sorted(TASKS))
    ap.add_argument("--lines", default="")
    ap.add_argument("--kind", default="gbt")
    ap.add_argument("--compare", action="store_true", help="also report the other kind of model")
    ap.add_argument("--sample", default="", help="comma-separated documents whose lines (features, sklearn's probability) go to tests/fixtures/pdf-corpus/sample-lines.jsonl")
    a = ap.parse_args()
    task = TASKS[a.task]
    MODEL_OUT = task["out"]
    lines = Path(a.lines or ROOT / ".cache" / "pdf-corpus" / task["lines"])
    folds_dir = lines.parent / "folds"
    folds_dir.mkdir(exist_ok=True)
    names, rows, X, y = load(lines, task["target"])
    hand = np.array([r["hand"] > 0 for r in rows], dtype=np.int32)
    # The running-line decision only weighs candidates that repeat across pages or read as a page number
    # (the reader's may_run, roles/running.ts): the model learns on those, and a candidate outside is kept
    # whatever it says; inside, the hand rules' removals stand beside the model's (runningDecision).
    gate = X[:, names.index("may_run")] > 0 if "may_run" in names else np.ones(len(rows), dtype=bool)
    decide = (lambda p, h, g: ((p | h) & g).astype(np.int32)) if "may_run" in names else (lambda p, h, g: p)
    corpus = {"generator": load.generator, "documents": len({r["doc"] for r in rows})}
    print(f"corpus {lines.parent}: generator version {corpus['generator']}, {corpus['documents']} documents, {len(rows)} labelled lines")
    report = {"task": a.task, "features": names, "kind": a.kind, "lines": len(rows), "corpus": corpus, "folds": {}}
    kinds = [a.kind] + ([k for k in ("gbt", "logistic") if k != a.kind] if a.compare else [])
    for axis in ("producer", "script"):
        groups = sorted({r[axis] for r in rows})
        print(f"\nleave one {axis} out (line level, {task['target']} or not): P / R / F1")
        print(f"  {'held out':<10} {'lines':>6} {'pos':>5}   " + "   ".join(f"{k:<18}" for k in kinds) + "   hand rules")
        for g in groups:
            test = np.array([r[axis] == g for r in rows])
            out = {}
            cells = []
            for k in kinds:
                m = fit(k, X[~test & gate], y[~test & gate], task["gbt"])
                pred = decide((score(m, X[test]) >= m["threshold"]).astype(np.int32), hand[test], gate[test])
                out[k] = prf(pred, y[test])
                cells.append(f"{out[k]['p']:.2f} {out[k]['r']:.2f} {out[k]['f1']:.2f}   ")
                if k == a.kind:
                    (folds_dir / f"{task['fold']}{axis}-{g}.json").write_text(json.dumps({**m, "features": names, "corpus": corpus}))
            out["hand"] = prf(hand[test], y[test])
            report["folds"][f"{axis}:{g}"] = out
            print(f"  {g:<10} {int(test.sum()):>6} {int(y[test].sum()):>5}   " + "".join(f"{c:<21}" for c in cells) + f"{out['hand']['p']:.2f} {out['hand']['r']:.2f} {out['hand']['f1']:.2f}")
    m = fit(a.kind, X[gate], y[gate], task["gbt"])
    m["features"] = names
    m["corpus"] = corpus
    MODEL_OUT.write_text(json.dumps(m, separators=(",", ":")) + "\n")
    if a.sample:
        # sklearn's own probabilities (not the JSON's): the TypeScript evaluation is checked against them.
        keep = [i for i, r in enumerate(rows) if r["doc"] in a.sample.split(",")]
        probs = fit.last(X[keep])
        out = ROOT / "tests" / "fixtures" / "pdf-corpus" / task["sample"]
        out.parent.mkdir(parents=True, exist_ok=True)
        with open(out, "w", encoding="utf-8") as f:
            for i, p in zip(keep, probs):
                r = rows[i]
                f.write(json.dumps({"doc": r["doc"], "text": r["text"], "role": r["role"], "f": r["f"], "p": round(float(p), 9)}, ensure_ascii=False) + "\n")
        print(f"sample: {len(keep)} lines of {a.sample} with sklearn's probabilities -> {out.relative_to(ROOT)}")
    print(f"\nmodel ({a.kind}, trained on all {len(rows)} lines): {MODEL_OUT.relative_to(ROOT)}, {MODEL_OUT.stat().st_size} bytes")
    (lines.parent / ("train-report.json" if a.task == "heading" else f"train-report-{a.task}.json")).write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
