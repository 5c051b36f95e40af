"""Rewrite the labels of slide documents already rendered (impress-*.pdf) with their tables, without
rendering them again: each document's source is rebuilt from its seed, its elements checked against the
stored ones, and its slides' tables written into `tables`. For corpora generated before generate.py
labelled the slides' tables (round 4).
    python bench/pdf-corpus/relabel_slides.py [--dir .cache/pdf-corpus]
"""
import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import generate  # noqa: E402
from model import Doc  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--dir", default=str(Path(__file__).resolve().parents[2] / ".cache" / "pdf-corpus"))
a = ap.parse_args()
done = differ = 0
for f in sorted(Path(a.dir).glob("impress-*.labels.json")):
    lab = json.loads(f.read_text(encoding="utf-8"))
    _, _, lang, seed = f.name[: -len(".labels.json")].split("-")
    seed = int(seed)
    # As generate.py's build() makes a slide document's source.
    doc = Doc(seed, lang, numbered=False, cover=seed % 2 == 0, chapters=(2, 3))
    _, els, tables = generate.write_slides_md(doc)
    if els != lab["elements"]:
        differ += 1
        print(f"{f.name}: elements differ from the stored ones, left as it was")
        continue
    lab["tables"] = tables
    f.write_text(json.dumps(lab, ensure_ascii=False), encoding="utf-8")
    done += 1
print(f"{done} relabelled, {differ} left")
