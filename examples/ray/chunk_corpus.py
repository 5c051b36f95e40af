#!/usr/bin/env python3
"""Chunk a corpus with a ChunkLab recipe on a Ray cluster, the same chunks as the page and `batch`.

    python examples/ray/chunk_corpus.py --recipe recipe.json --input <folder | table.parquet> \
        --out <folder> [--address auto] [--actors 4] [--embed-base-url URL --embed-model NAME]

Ray Data reads the documents (a folder of .md/.txt/.html files, or a Parquet dataset with `id` and
`text` columns), and `map_batches` hands each batch to an actor that owns one long-lived
`chunklab serve --stdio` process (docs/CONTRACT.md): one JSON document a line in, one answer a line
out, in order. Chunks are written as Parquet under <out>/chunks/ (one row per chunk, the columns of
`batch`'s parts); documents that could not be chunked go to <out>/errors.jsonl. With
--embed-base-url, a second stage adds a `vector` column from an OpenAI-compatible /embeddings
endpoint. On a real cluster pass --address (or run it with `ray job submit`): every node needs Node
and ChunkLab at the path given by --cli.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import threading
import urllib.request

import pyarrow as pa
import ray

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CLI = os.path.join(HERE, "..", "..", "build", "cli", "chunklab.mjs")
FORMATS = {".md": "md", ".markdown": "md", ".txt": "txt", ".html": "html", ".htm": "html"}
COLUMNS = ["id", "doc_id", "chunk_index", "start", "end", "text", "prefix", "tokens", "heading_path", "page", "recipe_hash"]


class StdioChunker:
    """A Ray actor holding one `serve --stdio` process for its whole life."""

    def __init__(self, node, cli, recipe):
        self.proc = subprocess.Popen(
            [node, cli, "serve", "--stdio", "--recipe", recipe],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=sys.stderr,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )

    def __call__(self, batch):
        docs = []
        for i in range(len(batch["id"])):
            d = {"id": str(batch["id"][i]), "text": batch["text"][i]}
            if "format" in batch and batch["format"][i]:
                d["format"] = batch["format"][i]
            docs.append(d)

        # Write on one thread while reading on this one, so neither pipe can fill up and block.
        def feed():
            for d in docs:
                self.proc.stdin.write(json.dumps(d, ensure_ascii=False) + "\n")
            self.proc.stdin.flush()

        writer = threading.Thread(target=feed)
        writer.start()
        rows = {c: [] for c in COLUMNS + ["error"]}
        for d in docs:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("chunklab serve --stdio stopped (see its stderr)")
            answer = json.loads(line)
            if answer.get("id") != d["id"] and "chunks" in answer:
                raise RuntimeError(f"answer for {answer.get('id')} where {d['id']} was expected")
            if "error" in answer:
                for c in COLUMNS:
                    rows[c].append(None)
                rows["doc_id"][-1] = d["id"]
                rows["error"].append(answer["error"])
                continue
            for ch in answer["chunks"]:
                rows["id"].append(ch["id"])
                rows["doc_id"].append(ch["docId"])
                rows["chunk_index"].append(ch["index"])
                rows["start"].append(ch["start"])
                rows["end"].append(ch["end"])
                rows["text"].append(ch["text"])
                rows["prefix"].append(ch["prefix"])
                rows["tokens"].append(ch["tokens"])
                rows["heading_path"].append(json.dumps(ch["headingPath"], ensure_ascii=False))
                rows["page"].append(ch.get("page"))
                rows["recipe_hash"].append(ch["recipeHash"])
                rows["error"].append(None)
        writer.join()
        types = {"chunk_index": pa.int32(), "start": pa.int32(), "end": pa.int32(), "tokens": pa.int32(), "page": pa.int32()}
        return pa.table({c: pa.array(v, type=types.get(c, pa.string())) for c, v in rows.items()})


class Embedder:
    """Adds a `vector` column from an OpenAI-compatible /embeddings endpoint (prefix + text, as indexed)."""

    def __init__(self, base_url, model, key):
        self.url = base_url.rstrip("/") + "/embeddings"
        self.model = model
        self.key = key

    def __call__(self, table):
        texts = [(p or "") + (t or "") for p, t in zip(table["prefix"].to_pylist(), table["text"].to_pylist())]
        headers = {"Content-Type": "application/json"}
        if self.key:
            headers["Authorization"] = f"Bearer {self.key}"
        body = json.dumps({"model": self.model, "input": texts}).encode()
        with urllib.request.urlopen(urllib.request.Request(self.url, data=body, headers=headers), timeout=120) as r:
            data = sorted(json.load(r)["data"], key=lambda d: d["index"])
        return table.append_column("vector", pa.array([d["embedding"] for d in data], type=pa.list_(pa.float32())))


def read_documents(path):
    if os.path.isdir(path) and not any(f.endswith(".parquet") for f in os.listdir(path)):
        files = []
        for root, dirs, names in os.walk(path):
            dirs[:] = [d for d in dirs if not d.startswith(".") and d != "__MACOSX"]
            for n in names:
                ext = os.path.splitext(n)[1].lower()
                if not n.startswith(".") and ext in FORMATS:
                    files.append(os.path.join(root, n))
        if not files:
            sys.exit(f"error: {path} holds no .md, .txt or .html files (PDF and Word: run `batch`)")
        files.sort()

        def to_doc(row):
            name = os.path.basename(row["path"])
            stem, ext = os.path.splitext(name)
            text = row["bytes"].decode("utf-8")
            if text.startswith("\ufeff"):
                text = text[1:]
            return {"id": stem, "text": text, "format": FORMATS[ext.lower()]}

        # Reading is light: a small CPU share, so that the actors' reservations cannot starve it.
        return ray.data.read_binary_files(files, include_paths=True, ray_remote_args={"num_cpus": 0.25}).map(to_doc, num_cpus=0.25)
    return ray.data.read_parquet(path, ray_remote_args={"num_cpus": 0.25})


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--recipe", required=True)
    ap.add_argument("--input", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--address", help="a Ray cluster (e.g. auto, ray://head:10001); default: a local one")
    ap.add_argument("--actors", type=int, default=2, help="actors, each with its own serve --stdio process")
    ap.add_argument("--actor-cpus", type=float, default=1.0, help="CPUs each actor reserves; leave at least one CPU of the cluster free for Ray Data's reading tasks")
    ap.add_argument("--batch-size", type=int, default=64, help="documents per map_batches call")
    ap.add_argument("--num-cpus", type=int, help="CPUs of the local cluster (no --address)")
    ap.add_argument("--node", default=shutil.which("node") or "node")
    ap.add_argument("--cli", default=DEFAULT_CLI, help="chunklab.mjs on every node")
    ap.add_argument("--embed-base-url", help="an OpenAI-compatible base URL including /v1")
    ap.add_argument("--embed-model")
    args = ap.parse_args()
    recipe = os.path.abspath(args.recipe)
    cli = os.path.abspath(args.cli)

    if args.address:
        ray.init(address=args.address)
    else:
        ray.init(num_cpus=args.num_cpus, include_dashboard=False, log_to_driver=False)
    ctx = ray.data.DataContext.get_current()
    ctx.enable_progress_bars = False

    docs = read_documents(args.input)
    chunked = docs.map_batches(
        StdioChunker,
        fn_constructor_args=(args.node, cli, recipe),
        batch_size=args.batch_size,
        batch_format="numpy",
        concurrency=args.actors,
        num_cpus=args.actor_cpus,
    ).materialize()

    errors = chunked.filter(lambda r: r["error"] is not None).take_all()
    chunks = chunked.filter(lambda r: r["error"] is None).drop_columns(["error"])
    if args.embed_base_url:
        if not args.embed_model:
            sys.exit("error: --embed-base-url needs --embed-model")
        chunks = chunks.map_batches(
            Embedder,
            fn_constructor_args=(args.embed_base_url, args.embed_model, os.environ.get("OPENAI_API_KEY", "")),
            batch_size=64,
            batch_format="pyarrow",
            concurrency=1,
        )
    os.makedirs(args.out, exist_ok=True)
    chunks.write_parquet(os.path.join(args.out, "chunks"))
    with open(os.path.join(args.out, "errors.jsonl"), "w", encoding="utf-8") as f:
        for e in errors:
            f.write(json.dumps({"id": e["doc_id"], "error": e["error"]}, ensure_ascii=False) + "\n")
    print(f"chunk_corpus: {chunks.count()} chunks, {len(errors)} documents with errors -> {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
