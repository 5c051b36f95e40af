#!/usr/bin/python3
"""Build ChunkLab's random-weight test cross-encoder (reranker, ONNX) and numpy reference scores.

Run with Debian's interpreter (python3-onnx, python3-numpy), from the repository root:

    /usr/bin/python3 scripts/make-test-cross-encoder.py [--size minilm --out DIR]

Writes tests/fixtures/models/chunklab-test-cross-encoder/ in the transformers.js layout, shaped like
a BertForSequenceClassification export with one label (the ms-marco cross-encoders): the encoder of
scripts/make-test-model.py (same graph code, its own seed), then BERT's pooler (dense + tanh on the
first token) and a linear head to one logit. Inputs: input_ids, attention_mask, token_type_ids (int64
[batch, seq]); output: logits (float32 [batch, 1]). reference.json holds the scores of an independent
numpy float64 implementation for a few (query, passage) pairs, tokenized as
[CLS] query [SEP] passage [SEP] with segment ids 0 then 1, one pair over the 512-token limit cut
longest-first (a token off the longer side each step, the passage on a tie). The weights are random
(fixed seed): the model proves plumbing and arithmetic, never ranking quality. Deterministic.

--size minilm builds the same thing at all-MiniLM-L6-v2's size (6 layers, 384 wide) for the bench
(no reference file; default output bench/out/models/cross-encoder-minilm-size, gitignored).
"""
import argparse
import importlib.util
import json
import math
import os
import shutil

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("make_test_model", os.path.join(ROOT, "scripts", "make-test-model.py"))
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)

OUT = os.path.join(ROOT, "tests", "fixtures", "models", "chunklab-test-cross-encoder")
NAME = "chunklab-test-cross-encoder"
SEED = 20240612  # the encoder's weights (make-test-model.py uses 20240611)
HEAD_SEED = 20240613


def head_weights():
    rng = np.random.default_rng(HEAD_SEED)
    h = m.HIDDEN
    return {
        "pooler_w": (rng.standard_normal((h, h)) / math.sqrt(h)).astype(np.float32),
        "pooler_b": (rng.standard_normal((h,)) * 0.1).astype(np.float32),
        "cls_w": (rng.standard_normal((h, 1)) * 2.0 / math.sqrt(h)).astype(np.float32),
        "cls_b": (rng.standard_normal((1,)) * 0.1).astype(np.float32),
    }


def build(w, hw):
    """make-test-model.py's encoder graph with last_hidden_state turned into an internal value and
    pooler + classifier nodes producing logits."""
    model = m.build_onnx(w)
    g = model.graph
    for k, v in sorted(hw.items()):
        g.initializer.append(numpy_helper.from_array(v, name=k))
    g.initializer.append(numpy_helper.from_array(np.array(0, dtype=np.int64), name="c_first"))
    nodes = [
        helper.make_node("Gather", ["last_hidden_state", "c_first"], ["first_token"], name="first_token", axis=1),
        helper.make_node("MatMul", ["first_token", "pooler_w"], ["pooler_mm"], name="pooler_mm"),
        helper.make_node("Add", ["pooler_mm", "pooler_b"], ["pooler_lin"], name="pooler_lin"),
        helper.make_node("Tanh", ["pooler_lin"], ["pooled"], name="pooled"),
        helper.make_node("MatMul", ["pooled", "cls_w"], ["cls_mm"], name="cls_mm"),
        helper.make_node("Add", ["cls_mm", "cls_b"], ["logits"], name="logits"),
    ]
    g.node.extend(nodes)
    del g.output[:]
    g.output.append(helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch_size", 1]))
    g.name = NAME
    model.producer_name = "chunklab scripts/make-test-cross-encoder.py"
    onnx.checker.check_model(model)
    return model


def np_scores(w, hw, ids, mask, types):
    hidden = m.np_forward(w, ids, mask, types)
    first = hidden[:, 0, :]
    pooled = np.tanh(first @ hw["pooler_w"].astype(np.float64) + hw["pooler_b"].astype(np.float64))
    return (pooled @ hw["cls_w"].astype(np.float64) + hw["cls_b"].astype(np.float64))[:, 0]


def pair_input(q_ids, p_ids, limit):
    q, p = list(q_ids), list(p_ids)
    budget = limit - 3
    while len(q) + len(p) > budget:
        if len(p) >= len(q):
            p.pop()
        else:
            q.pop()
    ids = [m.CLS] + q + [m.SEP] + p + [m.SEP]
    types = [0] * (len(q) + 2) + [1] * (len(p) + 1)
    return ids, types, len(q_ids) + len(p_ids) > budget


def write_folder(out, model, config):
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "onnx"))
    with open(os.path.join(out, "onnx", "model.onnx"), "wb") as fh:
        fh.write(model.SerializeToString())
    for name in ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"):
        shutil.copyfile(os.path.join(m.TOKENIZER_DIR, name), os.path.join(out, name))
    with open(os.path.join(out, "config.json"), "w", encoding="utf-8") as fh:
        json.dump(config, fh, indent=2)
        fh.write("\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", choices=["test", "minilm"], default="test")
    ap.add_argument("--out")
    args = ap.parse_args()
    if args.size == "minilm":
        m.HIDDEN, m.HEADS, m.LAYERS, m.INTERMEDIATE = 384, 12, 6, 1536
    out = args.out or (OUT if args.size == "test" else os.path.join(ROOT, "bench", "out", "models", "cross-encoder-minilm-size"))
    name = NAME if args.size == "test" else "cross-encoder-minilm-size"

    m.SEED = SEED
    w = m.make_weights()
    hw = head_weights()
    model = build(w, hw)
    config = {
        "_name_or_path": name,
        "architectures": ["BertForSequenceClassification"],
        "attention_probs_dropout_prob": 0.0,
        "hidden_act": "gelu",
        "hidden_dropout_prob": 0.0,
        "hidden_size": m.HIDDEN,
        "id2label": {"0": "LABEL_0"},
        "label2id": {"LABEL_0": 0},
        "initializer_range": 0.02,
        "intermediate_size": m.INTERMEDIATE,
        "layer_norm_eps": m.EPS,
        "max_position_embeddings": m.MAX_POS,
        "model_type": "bert",
        "num_attention_heads": m.HEADS,
        "num_hidden_layers": m.LAYERS,
        "pad_token_id": m.PAD,
        "position_embedding_type": "absolute",
        "type_vocab_size": m.TYPE_VOCAB,
        "vocab_size": m.VOCAB,
    }
    write_folder(out, model, config)
    if args.size != "test":
        print(f"wrote {out}")
        return

    with open(os.path.join(out, "NOTICE.md"), "w", encoding="utf-8") as fh:
        fh.write(
            "# chunklab-test-cross-encoder: a random-weight reranker for tests\n\n"
            "Generated by `scripts/make-test-cross-encoder.py` (fixed seeds; rerun with Debian's `/usr/bin/python3`).\n"
            f"BertForSequenceClassification-shaped: {m.LAYERS} layers, hidden size {m.HIDDEN}, {m.HEADS} heads, "
            f"FFN {m.INTERMEDIATE}, {m.MAX_POS} positions, vocabulary {m.VOCAB}, fp32; pooler (dense + tanh on\n"
            "the first token) and one output logit, like the ms-marco cross-encoders transformers.js runs.\n\n"
            "The weights are RANDOM: its scores carry no meaning. Use it to test plumbing and arithmetic\n"
            "(pair encoding, truncation, batching, caching, reordering), never ranking quality.\n\n"
            "`tokenizer.json`, `tokenizer_config.json` and `special_tokens_map.json` are the real WordPiece\n"
            "tokenizer of `sentence-transformers/all-MiniLM-L6-v2` (Apache-2.0), copied from\n"
            "`public/tokenizers/all-MiniLM-L6-v2/` (see its NOTICE.md).\n\n"
            "`reference.json` holds scores of an independent numpy (float64) implementation for a few pairs.\n"
        )

    with open(os.path.join(m.TOKENIZER_DIR, "tokenizer.json"), encoding="utf-8") as fh:
        vocab = json.load(fh)["model"]["vocab"]
    long_passage = " ".join(["the", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog"] * 70)
    pairs = [
        ("where does the fox jump", "the quick brown fox jumps over the lazy dog"),
        ("where does the fox jump", "retrieval is a test"),
        ("what is retrieval", "retrieval is a test"),
        ("what is a late chunk", "a late chunk of a long document keeps the context of every part"),
        ("what is a late chunk", long_passage),
    ]
    rows = []
    for query, passage in pairs:
        q_ids, _ = m.simple_encode(vocab, query)
        p_ids, _ = m.simple_encode(vocab, passage)
        ids, types, cut = pair_input(q_ids, p_ids, m.MAX_POS)
        score = np_scores(w, hw, [ids], [[1] * len(ids)], [types])[0]
        rows.append({"query": query, "passage": passage, "inputIds": ids, "tokenTypeIds": types, "truncated": cut, "score": round(float(score), 7)})

    # The short pairs again as one padded batch: padding must not change a score.
    short = [r for r in rows if not r["truncated"]]
    width = max(len(r["inputIds"]) for r in short)
    b_ids = [r["inputIds"] + [m.PAD] * (width - len(r["inputIds"])) for r in short]
    b_mask = [[1] * len(r["inputIds"]) + [0] * (width - len(r["inputIds"])) for r in short]
    b_types = [r["tokenTypeIds"] + [0] * (width - len(r["tokenTypeIds"])) for r in short]
    b_scores = np_scores(w, hw, b_ids, b_mask, b_types)

    reference = {
        "note": "numpy float64 reference scores of scripts/make-test-cross-encoder.py; random weights, no meaning",
        "maxTokens": m.MAX_POS,
        "pairs": rows,
        "batch": {"inputIds": b_ids, "attentionMask": b_mask, "tokenTypeIds": b_types, "scores": [round(float(s), 7) for s in b_scores]},
    }
    with open(os.path.join(out, "reference.json"), "w", encoding="utf-8") as fh:
        json.dump(reference, fh, indent=1)
        fh.write("\n")
    size = os.path.getsize(os.path.join(out, "onnx", "model.onnx"))
    print(f"wrote {out} (onnx/model.onnx: {size} bytes)")


if __name__ == "__main__":
    main()
