#!/usr/bin/env python3
"""Chunk a corpus with a ChunkLab recipe on a Ray cluster, the same chunks as the page and `batch`.

    python examples/ray/chunk_corpus.py --recipe recipe.json --input <folder | table.parquet> \
        --out <folder> [--address auto] [--actors N] [--embed-base-url URL --embed-model NAME]

The documents (a folder of .md/.txt/.html files, or a Parquet dataset with `id` and `text` columns)
go through `map_batches` to actors that each own one long-lived `chunklab serve --stdio` process
(docs/CONTRACT.md): one JSON document a line in, one answer a line out, in order. A folder's files
are read by the actors themselves (the dataset holds only their paths), so no reading stage competes
with the actors for CPUs; a Parquet dataset is read by Ray Data's tasks, which get the CPUs the
actors leave free.

Defaults come from the cluster: one actor per CPU, each reserving what leaves half a CPU free for
reading (0.5 on one CPU, 0.75 on two, 0.875 on four); a configuration that leaves reading nothing
is refused at start with the reason; and when no batch has finished for --stall-seconds the job
says what Ray is waiting for (free CPUs, and Ray Data's own last status line). Chunks are written as Parquet under <out>/chunks/ (one row per chunk, the columns of
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
import time
import urllib.request

import pyarrow as pa
import ray

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CLI = os.path.join(HERE, "..", "..", "build", "cli", "chunklab.mjs")
FORMATS = {".md": "md", ".markdown": "md", ".txt": "txt", ".html": "html", ".htm": "html"}
COLUMNS = ["id", "doc_id", "chunk_index", "start", "end", "text", "prefix", "tokens", "heading_path", "page", "recipe_hash"]


class StdioChunker:
    """A Ray actor holding one `serve --stdio` process for its whole life."""

    def __init__(self, node, cli, recipe, progress=None):
        self.progress = progress
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
        for i in range(len(next(iter(batch.values())))):
            if "path" in batch:
                d = document_of_file(str(batch["path"][i]))
            else:
                d = {"id": str(batch["id"][i]), "text": batch["text"][i]}
                if "format" in batch and batch["format"][i]:
                    d["format"] = batch["format"][i]
            docs.append(d)

        # Write on one thread while reading on this one, so neither pipe can fill up and block.
        sent = [d for d in docs if "error" not in d]

        def feed():
            for d in sent:
                self.proc.stdin.write(json.dumps(d, ensure_ascii=False) + "\n")
            self.proc.stdin.flush()

        writer = threading.Thread(target=feed)
        writer.start()
        rows = {c: [] for c in COLUMNS + ["error"]}
        for d in docs:
            if "error" in d:
                answer = d
            else:
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
        if self.progress is not None:
            self.progress.bump.remote(len(docs))
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


def document_of_file(path):
    """A folder's file as serve --stdio takes it: id = its name without the extension (as `batch`)."""
    stem, ext = os.path.splitext(os.path.basename(path))
    try:
        with open(path, "rb") as f:
            text = f.read().decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return {"id": stem, "error": f"{os.path.basename(path)}: cannot be read as UTF-8 text ({e.__class__.__name__})"}
    if text.startswith("\ufeff"):
        text = text[1:]
    return {"id": stem, "text": text, "format": FORMATS[ext.lower()]}


def list_folder(path):
    files = []
    for root, dirs, names in os.walk(path):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d != "__MACOSX"]
        for n in names:
            ext = os.path.splitext(n)[1].lower()
            if not n.startswith(".") and ext in FORMATS:
                files.append(os.path.join(root, n))
    if not files:
        sys.exit(f"error: {path} holds no .md, .txt or .html files (PDF and Word: run `batch`)")
    return sorted(files)


def is_parquet(path):
    return not os.path.isdir(path) or any(f.endswith(".parquet") for f in os.listdir(path))


def read_documents(path):
    """A folder: only the file paths (the actors read the files, so reading needs no CPU of its own).
    Parquet: Ray Data's reading tasks, light, in the CPUs the actors leave free."""
    if not is_parquet(path):
        files = list_folder(path)
        return ray.data.from_items([{"path": f} for f in files], override_num_blocks=min(len(files), 1000))
    return ray.data.read_parquet(path, ray_remote_args={"num_cpus": READ_CPUS})


READ_CPUS = 0.25  # what one Parquet reading task reserves
READ_ROOM = 0.5  # what the default configuration leaves free for reading


def plan(cluster_cpus, actors, actor_cpus):
    """Actors and CPUs per actor: the user's, or defaults from the cluster's CPUs. Returns
    (actors, actor_cpus, None) or (.., .., reason) when the configuration could never make progress."""
    if actors is None:
        actors = max(1, int(cluster_cpus))
    if actors < 1:
        return actors, actor_cpus, f"--actors {actors}: at least one actor is needed"
    if actor_cpus is None:
        actor_cpus = round(min(1.0, max(0.05, (cluster_cpus - READ_ROOM) / actors)), 3)
    if actor_cpus <= 0:
        return actors, actor_cpus, f"--actor-cpus {actor_cpus}: must be above 0"
    reserved = actors * actor_cpus
    if reserved > cluster_cpus - READ_CPUS + 1e-9:
        fit = max(0.0, (cluster_cpus - READ_CPUS) / actors)
        return actors, actor_cpus, (
            f"{actors} actors x {actor_cpus:g} CPU reserve {reserved:g} of the cluster's {cluster_cpus:g} CPUs, "
            f"leaving less than the {READ_CPUS:g} CPU a reading task needs: Ray Data could never feed the actors "
            f"and the job would wait forever. Give --actor-cpus {fit:.2f} or less, fewer --actors, or leave both out "
            f"(the defaults leave {READ_ROOM:g} CPU free)")
    return actors, actor_cpus, None


@ray.remote(num_cpus=0)
class Progress:
    """Counts the documents the actors have finished (the stall watchdog reads it)."""

    def __init__(self):
        self.docs = 0
        self.batches = 0

    def bump(self, n):
        self.docs += n
        self.batches += 1

    def read(self):
        return self.docs, self.batches


def ray_data_status():
    """Ray Data's own last word on what it is waiting for (its log on this machine), or None."""
    try:
        node = ray._private.worker.global_worker.node
        log = os.path.join(node.get_logs_dir_path(), "ray-data", "ray-data.log")
        if not os.path.exists(log):
            log = os.path.join(node.get_logs_dir_path(), "ray-data.log")
        with open(log, "rb") as f:
            f.seek(0, 2)
            f.seek(max(0, f.tell() - 64 * 1024))
            tail = f.read().decode("utf-8", "replace").splitlines()
    except Exception:
        return None
    hits = [l.strip() for l in tail if "backpressur" in l.lower() or "waiting" in l.lower() or "budget" in l.lower()]
    return hits[-1][-400:] if hits else None


def watch(progress, stall_seconds, give_up_seconds, finished, report=print):
    """Runs beside the job: when no batch has finished for stall_seconds, says what Ray is waiting
    for (every stall_seconds while it lasts); after give_up_seconds of stall (0: never) ends the job."""
    last_count, last_change = (0, 0), time.monotonic()
    while not finished.wait(min(5.0, stall_seconds / 2)):
        try:
            count = ray.get(progress.read.remote(), timeout=30)
        except Exception:
            continue
        now = time.monotonic()
        if count != last_count:
            last_count, last_change = count, now
            continue
        stalled = now - last_change
        if stalled >= stall_seconds and int(stalled) % max(1, int(stall_seconds)) < 5:
            free = ray.available_resources().get("CPU", 0.0)
            total = ray.cluster_resources().get("CPU", 0.0)
            said = ray_data_status()
            report(
                f"chunk_corpus: stalled: no batch finished for {int(stalled)} s ({count[0]} documents done); "
                f"Ray has {free:g} of {total:g} CPUs free"
                + (f"; Ray Data says: {said}" if said else "")
                + ". If reading is starved, lower --actor-cpus or --actors; if an actor is stuck, see its serve --stdio stderr above.",
            )
        if give_up_seconds and stalled >= give_up_seconds:
            report(f"chunk_corpus: giving up after {int(stalled)} s without progress (--give-up-seconds)")
            os._exit(3)


def start_local(num_cpus, tries=3):
    """A local cluster. Ray gives its raylet 30 s to register; on a loaded machine that can pass, so
    a start that timed out is tried again (a real error still ends the job, on the last try)."""
    for attempt in range(1, tries + 1):
        try:
            ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
            return
        except Exception as e:
            if attempt == tries or "timed out" not in str(e):
                raise
            print(f"chunk_corpus: the local Ray cluster did not start in time ({e}); trying again", file=sys.stderr)
            ray.shutdown()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--recipe", required=True)
    ap.add_argument("--input", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--address", help="a Ray cluster (e.g. auto, ray://head:10001); default: a local one")
    ap.add_argument("--actors", type=int, help="actors, each with its own serve --stdio process (default: one per cluster CPU)")
    ap.add_argument("--actor-cpus", type=float, help="CPUs each actor reserves (default: what leaves half a CPU free for reading)")
    ap.add_argument("--batch-size", type=int, default=16, help="documents per map_batches call")
    ap.add_argument("--num-cpus", type=int, help="CPUs of the local cluster (no --address)")
    ap.add_argument("--stall-seconds", type=float, default=60, help="say what Ray waits for when no batch finished for this long")
    ap.add_argument("--give-up-seconds", type=float, default=0, help="end the job after this long without progress (default: never)")
    ap.add_argument("--node", default=shutil.which("node") or "node")
    ap.add_argument("--cli", default=DEFAULT_CLI, help="chunklab.mjs on every node")
    ap.add_argument("--embed-base-url", help="an OpenAI-compatible base URL including /v1")
    ap.add_argument("--embed-model")
    args = ap.parse_args()
    recipe = os.path.abspath(args.recipe)
    cli = os.path.abspath(args.cli)
    if args.embed_base_url and not args.embed_model:
        sys.exit("error: --embed-base-url needs --embed-model")
    started = time.monotonic()

    if args.address:
        ray.init(address=args.address)
    else:
        if args.num_cpus:
            # A local cluster of --num-cpus CPUs: a plan that could never run is refused before
            # the cluster is started (which takes tens of seconds on a small machine).
            _, _, refused = plan(float(args.num_cpus), args.actors, args.actor_cpus)
            if refused:
                print(f"error: {refused}", file=sys.stderr)
                sys.exit(2)
        start_local(args.num_cpus)
    ctx = ray.data.DataContext.get_current()
    ctx.enable_progress_bars = False

    cluster_cpus = ray.cluster_resources().get("CPU", 0.0)
    actors, actor_cpus, refused = plan(cluster_cpus, args.actors, args.actor_cpus)
    if refused:
        ray.shutdown()
        print(f"error: {refused}", file=sys.stderr)
        sys.exit(2)
    print(f"chunk_corpus: {actors} actor{'s' if actors != 1 else ''} x {actor_cpus:g} CPU on a cluster of {cluster_cpus:g} CPUs", file=sys.stderr)

    progress = Progress.remote()
    finished = threading.Event()
    watcher = threading.Thread(
        target=watch,
        args=(progress, args.stall_seconds, args.give_up_seconds, finished, lambda m: print(m, file=sys.stderr, flush=True)),
        daemon=True,
    )
    watcher.start()
    docs = read_documents(args.input)
    began = time.monotonic()
    try:
        chunked = docs.map_batches(
            StdioChunker,
            fn_constructor_args=(args.node, cli, recipe, progress),
            batch_size=args.batch_size,
            batch_format="numpy",
            concurrency=actors,
            num_cpus=actor_cpus,
        ).materialize()
    finally:
        finished.set()
    chunking = time.monotonic() - began

    errors = chunked.filter(lambda r: r["error"] is not None).take_all()
    chunks = chunked.filter(lambda r: r["error"] is None).drop_columns(["error"])
    if args.embed_base_url:
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
    total = time.monotonic() - started
    print(
        f"chunk_corpus: {chunks.count()} chunks, {len(errors)} documents with errors -> {args.out} "
        f"(chunking {chunking:.1f} s, whole job {total:.1f} s)",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
