# The documents of the corpus as data: a seeded random document (cover, chapters, sections,
# paragraphs, lists, tables, captions, footnotes) and the labels every renderer writes beside its PDF.
# Each element's role is known here, so every line the reader finds can be labelled by finding its
# words again (bench/pdf-corpus/features.ts).
import random

from texts import CELLWORDS, HEADWORDS, JOIN, ORGS, SENTENCES, WORDS


class Doc:
    def __init__(self, seed: int, lang: str, chapters=(3, 5), sections=(2, 3), numbered=False, cover=True, numeric=False):
        self.rng = rng = random.Random(seed)
        self.lang = lang
        # Paragraphs dense with numbers, dates and section references ("see 3.11. of the plan"): wrapped,
        # many of their lines open with a number, as body text (negatives for "a numbered line is a heading").
        self.numeric = numeric
        self.seed = seed
        self.numbered = numbered
        self.used_titles: set[str] = set()
        self.footnotes: list[str] = []
        w = WORDS[lang]
        self.title = self._title(3)
        self.subtitle = f"{w['report']} {2020 + rng.randrange(6)}"
        self.org = rng.choice(ORGS[lang])
        self.cover = cover
        self.chapters = []
        for c in range(rng.randint(*chapters)):
            chap = {"title": self._title(2), "sections": []}
            for s in range(rng.randint(*sections)):
                sec = {"title": self._title(2), "blocks": []}
                for _ in range(rng.randint(2, 4)):
                    sec["blocks"].append(self._block())
                chap["sections"].append(sec)
            self.chapters.append(chap)

    def _title(self, n: int) -> str:
        words = HEADWORDS[self.lang]
        for tries in range(200):
            k = n if tries < 50 else n + 1
            parts = self.rng.sample(words, k)
            if self.lang in ("en", "pt", "ru"):
                parts = [parts[0]] + [p.lower() for p in parts[1:]]
            t = JOIN[self.lang].join(parts)
            if t not in self.used_titles:
                self.used_titles.add(t)
                return t
        t = f"{t} {len(self.used_titles)}"
        self.used_titles.add(t)
        return t

    def sentence(self) -> str:
        return self.rng.choice(SENTENCES[self.lang])

    def paragraph(self, lo=2, hi=5) -> str:
        sep = "" if self.lang in ("zh", "ja") else " "
        sentences = self.rng.sample(SENTENCES[self.lang], self.rng.randint(lo, hi))
        if self.numeric:
            sentences = [self._with_numbers(t) for t in sentences]
        return sep.join(sentences)

    def _number(self) -> str:
        rng = self.rng
        return rng.choice([
            f"{rng.randint(1, 9)}.{rng.randint(1, 19)}.",  # a section reference: "3.11."
            f"{rng.randint(1, 9)}.{rng.randint(1, 9)}.{rng.randint(1, 9)}",
            f"{rng.randint(1, 12)}.",
            str(rng.randint(1990, 2030)),
            f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/{rng.randint(1990, 2030)}",
            f"{rng.randint(1, 28)}.{rng.randint(1, 12):02d}.{rng.randint(1990, 2030)}",
            f"{rng.randint(2, 99)},{rng.randint(1, 9)}%",
        ])

    def _with_numbers(self, t: str) -> str:
        """A sentence with a number or date after some of its words (every third word or so)."""
        if self.lang in ("zh", "ja"):
            cut = sorted(self.rng.sample(range(1, max(2, len(t) - 1)), min(3, max(1, len(t) // 12))))
            out, last = [], 0
            for c in cut:
                out += [t[last:c], " " + self._number() + " "]
                last = c
            return "".join(out) + t[last:]
        ws = t.split(" ")
        out = []
        for k, w in enumerate(ws):
            out.append(w)
            if k < len(ws) - 1 and self.rng.random() < 0.33:
                out.append(self._number())
        return " ".join(out)

    def _block(self):
        r = self.rng.random()
        if r < 0.55:
            note = None
            if self.rng.random() < 0.2:
                note = self.sentence()
                self.footnotes.append(note)
            return {"kind": "p", "text": self.paragraph(), "note": note}
        if r < 0.75:
            items = [self.sentence() if self.rng.random() < 0.6 else self.rng.choice(HEADWORDS[self.lang]) + " — " + self.sentence() for _ in range(self.rng.randint(3, 5))]
            return {"kind": "ol" if self.rng.random() < 0.4 else "ul", "items": items}
        return self.table()

    def table(self):
        rng = self.rng
        ncol = rng.randint(3, 5)
        nrow = rng.randint(3, 7)
        words = HEADWORDS[self.lang]
        header = rng.sample(words, ncol)
        rows = []
        for i in range(nrow):
            row = [rng.choice(words) + " " + str(rng.randint(1, 99))]
            for j in range(1, ncol):
                row.append(str(rng.randint(10, 9999)) if rng.random() < 0.6 else rng.choice(CELLWORDS[self.lang]))
            rows.append(row)
        cap = f"{WORDS[self.lang]['table']} {rng.randint(1, 40)}: {self._title(2)}"
        return {"kind": "table", "header": header, "rows": rows, "caption": cap, "style": rng.choice(["ruled", "ruled", "borderless", "spanning"])}

    def heading_text(self, level: int, nums: list[int], title: str) -> str:
        if not self.numbered:
            return title
        return ".".join(str(n) for n in nums[:level]) + " " + title

    def labels(self, producer: str, variant: str, running: list[str], heading_base=1, cover=None, extra=None) -> dict:
        """The elements in reading order with their roles (what the renderers lay out)."""
        els = []
        cover = self.cover if cover is None else cover
        if cover:
            for t in (self.title, self.subtitle, self.org):
                els.append({"role": "cover", "text": t})
        else:
            els.append({"role": "heading", "level": 1, "text": self.title})
            heading_base = max(heading_base, 2)
        for ci, ch in enumerate(self.chapters):
            els.append({"role": "heading", "level": heading_base, "text": ch["title"]})
            for si, sec in enumerate(ch["sections"]):
                els.append({"role": "heading", "level": heading_base + 1, "text": sec["title"]})
                for b in sec["blocks"]:
                    if b["kind"] == "p":
                        els.append({"role": "body", "text": b["text"]})
                        if b.get("note"):
                            els.append({"role": "footnote", "text": b["note"]})
                    elif b["kind"] in ("ul", "ol"):
                        for it in b["items"]:
                            els.append({"role": "list", "text": it})
                    else:
                        els.append({"role": "caption", "text": b["caption"]})
                        cells = [b["header"]] + b["rows"]
                        els.append({"role": "cell", "text": " ".join(" ".join(r) for r in cells), "table": True})
        if extra:
            els.extend(extra)
        tables = [
            {"header": b["header"], "rows": b["rows"]}
            for ch in self.chapters for sec in ch["sections"] for b in sec["blocks"] if b["kind"] == "table"
        ]
        return {"producer": producer, "variant": variant, "lang": self.lang, "elements": els, "running": running, "tables": tables}
