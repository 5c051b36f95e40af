#!/usr/bin/env python3
"""Per-core throughput on one local Ray cluster: ChunkLab's Ray path (examples/ray/chunk_corpus.py's
actors, each owning a `serve --stdio` process) against the job a Ray user writes today (LangChain's
RecursiveCharacterTextSplitter.from_tiktoken_encoder in map_batches actors), on the same folder, at
the same chunk size, with the same actors and CPU reservations. Start-up is measured apart: each job
runs once on one small document (actors start, tokenizers load) and then on the whole folder; the
throughput is the whole folder's megabytes over (whole run - start-up run) x cores.

    python bench/ray_compare.py --input <folder> --recipe <recipe.json> --cpus 2 --size 256 \
        [--node node] [--cli build/cli/chunklab.mjs] [--tiktoken-cache <dir>]

Prints one JSON line. tiktoken needs its cl100k_base file: with no network, --tiktoken-cache names a
folder holding it under tiktoken's cache name (bench/batch.ts writes it from js-tiktoken's ranks,
which are the same bytes: tiktoken checks the SHA-256).
"""
import argparse
import importlib.util
import json
import os
import resource
import sys
import time

import pyarrow as pa
import ray

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("chunk_corpus", os.path.join(HERE, "..", "examples", "ray", "chunk_corpus.py"))
cc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cc)


class LangchainChunker:
    """What a Ray user writes today: LangChain's recursive splitter sized in tiktoken tokens."""

    def __init__(self, size):
        from langchain_text_splitters import RecursiveCharacterTextSplitter

        self.splitter = RecursiveCharacterTextSplitter.from_tiktoken_encoder(encoding_name="cl100k_base", chunk_size=size, chunk_overlap=0)

    def __call__(self, batch):
        out = {"doc_id": [], "text": []}
        for p in batch["path"]:
            p = str(p)
            with open(p, encoding="utf-8") as f:
                text = f.read()
            doc = os.path.splitext(os.path.basename(p))[0]
            for c in self.splitter.split_text(text):
                out["doc_id"].append(doc)
                out["text"].append(c)
        return out


def hwm_mb(pid="self"):
    """A process's peak resident memory (VmHWM) in MB, from /proc (0 where there is none)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def measured(cls):
    """The same actor class, each output row carrying the actor's peak memory so far and its
    `serve --stdio` child's (the ChunkLab path), so the job's largest can be read off the output."""

    class Measured(cls):
        def __call__(self, batch):
            out = super().__call__(batch)
            child = getattr(self, "proc", None)
            extra = {"actor_rss_mb": hwm_mb(), "child_rss_mb": hwm_mb(child.pid) if child else 0.0}
            if isinstance(out, dict):
                n = len(next(iter(out.values())))
                return {**out, **{k: [v] * n for k, v in extra.items()}}
            for k, v in extra.items():  # a pyarrow Table (StdioChunker's answer)
                out = out.append_column(k, pa.array([v] * out.num_rows, pa.float64()))
            return out

    Measured.__name__ = cls.__name__
    return Measured


def run(kind, files, args, actors, actor_cpus):
    ds = ray.data.from_items([{"path": f} for f in files], override_num_blocks=max(1, min(len(files), 1000)))
    t = time.monotonic()
    # The same actors, CPUs and batches for both jobs: only the class that chunks differs.
    cls, ctor = (cc.StdioChunker, (args.node, os.path.abspath(args.cli), os.path.abspath(args.recipe))) if kind == "chunklab" else (LangchainChunker, (args.size,))
    out = ds.map_batches(measured(cls), fn_constructor_args=ctor, batch_size=args.batch_size, batch_format="numpy", concurrency=actors, num_cpus=actor_cpus).materialize()
    seconds = time.monotonic() - t
    n = out.count()
    rss = {"actorPeakMb": out.max("actor_rss_mb") or 0.0, "childPeakMb": out.max("child_rss_mb") or 0.0}
    return seconds, n, rss


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--input", required=True)
    ap.add_argument("--recipe", required=True)
    ap.add_argument("--cpus", type=int, default=2)
    ap.add_argument("--size", type=int, default=256)
    ap.add_argument("--batch-size", type=int, default=16)
    ap.add_argument("--node", default="node")
    ap.add_argument("--cli", default=os.path.join(HERE, "..", "build", "cli", "chunklab.mjs"))
    ap.add_argument("--tiktoken-cache")
    args = ap.parse_args()
    if args.tiktoken_cache:
        os.environ["TIKTOKEN_CACHE_DIR"] = args.tiktoken_cache
    files = cc.list_folder(args.input)
    mb = sum(os.path.getsize(f) for f in files) / 1e6
    smallest = min(files, key=os.path.getsize)

    t = time.monotonic()
    cc.start_local(args.cpus)
    cluster_start = time.monotonic() - t
    ray.data.DataContext.get_current().enable_progress_bars = False
    actors, actor_cpus, refused = cc.plan(ray.cluster_resources().get("CPU", 0.0), None, None)
    if refused:
        sys.exit(refused)
    result = {"mb": mb, "documents": len(files), "cpus": args.cpus, "actors": actors, "actorCpus": actor_cpus, "size": args.size, "clusterStart": cluster_start}
    for kind in ("chunklab", "langchain"):
        start_up, _, _ = run(kind, [smallest], args, actors, actor_cpus)
        whole, rows, rss = run(kind, files, args, actors, actor_cpus)
        work = max(whole - start_up, 1e-9)
        result[kind] = {"startUp": start_up, "whole": whole, "chunks": rows, "mbPerSecPerCore": mb / work / args.cpus, **rss}
    result["ratio"] = result["chunklab"]["mbPerSecPerCore"] / result["langchain"]["mbPerSecPerCore"]
    result["driverMaxRssMb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(result))


if __name__ == "__main__":
    main()
