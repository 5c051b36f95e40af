#!/usr/bin/python3
"""Build ChunkLab's random-weight test BERT (ONNX) and its numpy reference outputs.

Run with Debian's interpreter (python3-onnx, python3-numpy), from the repository root:

    /usr/bin/python3 scripts/make-test-model.py

Writes tests/fixtures/models/chunklab-test-bert/ in the transformers.js layout (config.json,
tokenizer.json, tokenizer_config.json, special_tokens_map.json, NOTICE.md, onnx/model.onnx) and
reference.json: outputs of an independent numpy implementation of the same encoder, which the Node
tests compare onnxruntime against. Same inputs and output as the Xenova BERT exports: input_ids,
attention_mask, token_type_ids (int64 [batch, seq]) in; last_hidden_state (float32
[batch, seq, hidden]) out. The weights are random (fixed seed): the model proves plumbing and
arithmetic, never retrieval quality. The script is deterministic: rerunning it rewrites the same bytes.
"""
import json
import math
import os
import shutil

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOKENIZER_DIR = os.path.join(ROOT, "public", "tokenizers", "all-MiniLM-L6-v2")
OUT = os.path.join(ROOT, "tests", "fixtures", "models", "chunklab-test-bert")

SEED = 20240611
VOCAB = 30522
HIDDEN = 32
HEADS = 2
LAYERS = 2
INTERMEDIATE = 64
MAX_POS = 512
TYPE_VOCAB = 2
EPS = 1e-12
MASK_VALUE = -1e9  # added to attention scores of padded keys
CLS, SEP, PAD = 101, 102, 0


# ----------------------------------------------------------------------------- weights

def make_weights():
    rng = np.random.default_rng(SEED)

    def normal(shape, std):
        return (rng.standard_normal(shape) * std).astype(np.float32)

    # Larger than BERT's 0.02 init on purpose: with tiny weights attention is almost uniform and a
    # wrong mask or a wrong position would barely change the output. These scales make every token's
    # output depend visibly on its neighbours.
    w = {
        "word": normal((VOCAB, HIDDEN), 1.0),
        "pos": normal((MAX_POS, HIDDEN), 0.5),
        "type": normal((TYPE_VOCAB, HIDDEN), 0.5),
        "emb_ln_g": (1.0 + normal((HIDDEN,), 0.1)).astype(np.float32),
        "emb_ln_b": normal((HIDDEN,), 0.1),
    }
    s = 1.0 / math.sqrt(HIDDEN)
    for l in range(LAYERS):
        p = f"l{l}_"
        for name in ("q", "k", "v", "o"):
            w[p + name] = normal((HIDDEN, HIDDEN), 2.0 * s if name in ("q", "k") else s)
            w[p + name + "_b"] = normal((HIDDEN,), 0.1)
        w[p + "ln1_g"] = (1.0 + normal((HIDDEN,), 0.1)).astype(np.float32)
        w[p + "ln1_b"] = normal((HIDDEN,), 0.1)
        w[p + "ff1"] = normal((HIDDEN, INTERMEDIATE), s)
        w[p + "ff1_b"] = normal((INTERMEDIATE,), 0.1)
        w[p + "ff2"] = normal((INTERMEDIATE, HIDDEN), 1.0 / math.sqrt(INTERMEDIATE))
        w[p + "ff2_b"] = normal((HIDDEN,), 0.1)
        w[p + "ln2_g"] = (1.0 + normal((HIDDEN,), 0.1)).astype(np.float32)
        w[p + "ln2_b"] = normal((HIDDEN,), 0.1)
    return w


# ----------------------------------------------------------------------------- ONNX graph

def build_onnx(w):
    nodes = []
    inits = [numpy_helper.from_array(v, name=k) for k, v in sorted(w.items())]

    def const(name, arr):
        inits.append(numpy_helper.from_array(np.asarray(arr), name=name))
        return name

    def node(op, inputs, output, **attrs):
        nodes.append(helper.make_node(op, inputs, [output], name=output, **attrs))
        return output

    dh = HIDDEN // HEADS
    const("c_zero_i", np.array(0, dtype=np.int64))
    const("c_one_i", np.array(1, dtype=np.int64))
    const("c_axes12", np.array([1, 2], dtype=np.int64))
    const("c_one_f", np.array(1.0, dtype=np.float32))
    const("c_mask", np.array(MASK_VALUE, dtype=np.float32))
    const("c_scale", np.array(1.0 / math.sqrt(dh), dtype=np.float32))
    const("c_half", np.array(0.5, dtype=np.float32))
    const("c_rsqrt2", np.array(1.0 / math.sqrt(2.0), dtype=np.float32))
    const("c_heads_shape", np.array([0, 0, HEADS, dh], dtype=np.int64))
    const("c_hidden_shape", np.array([0, 0, HIDDEN], dtype=np.int64))

    # Embeddings: word + position + token type, then LayerNorm.
    node("Gather", ["word", "input_ids"], "emb_word", axis=0)
    node("Shape", ["input_ids"], "ids_shape")
    node("Gather", ["ids_shape", "c_one_i"], "seq_len", axis=0)
    node("Range", ["c_zero_i", "seq_len", "c_one_i"], "positions")
    node("Gather", ["pos", "positions"], "emb_pos", axis=0)
    node("Gather", ["type", "token_type_ids"], "emb_type", axis=0)
    node("Add", ["emb_word", "emb_pos"], "emb_sum0")
    node("Add", ["emb_sum0", "emb_type"], "emb_sum")
    x = node("LayerNormalization", ["emb_sum", "emb_ln_g", "emb_ln_b"], "emb_out", axis=-1, epsilon=EPS)

    # Additive mask [batch, 1, 1, seq]: 0 where attention_mask is 1, MASK_VALUE where it is 0.
    node("Cast", ["attention_mask"], "mask_f", to=TensorProto.FLOAT)
    node("Sub", ["c_one_f", "mask_f"], "mask_inv")
    node("Mul", ["mask_inv", "c_mask"], "mask_add0")
    mask = node("Unsqueeze", ["mask_add0", "c_axes12"], "mask_add")

    for l in range(LAYERS):
        p = f"l{l}_"

        def linear(inp, wname, out):
            node("MatMul", [inp, p + wname], out + "_mm")
            return node("Add", [out + "_mm", p + wname + "_b"], out)

        q = linear(x, "q", p + "qlin")
        k = linear(x, "k", p + "klin")
        v = linear(x, "v", p + "vlin")
        node("Reshape", [q, "c_heads_shape"], p + "q4")
        node("Reshape", [k, "c_heads_shape"], p + "k4")
        node("Reshape", [v, "c_heads_shape"], p + "v4")
        node("Transpose", [p + "q4"], p + "qh", perm=[0, 2, 1, 3])
        node("Transpose", [p + "k4"], p + "kt", perm=[0, 2, 3, 1])
        node("Transpose", [p + "v4"], p + "vh", perm=[0, 2, 1, 3])
        node("MatMul", [p + "qh", p + "kt"], p + "scores0")
        node("Mul", [p + "scores0", "c_scale"], p + "scores1")
        node("Add", [p + "scores1", mask], p + "scores")
        node("Softmax", [p + "scores"], p + "probs", axis=-1)
        node("MatMul", [p + "probs", p + "vh"], p + "ctx_h")
        node("Transpose", [p + "ctx_h"], p + "ctx_t", perm=[0, 2, 1, 3])
        node("Reshape", [p + "ctx_t", "c_hidden_shape"], p + "ctx")
        attn = linear(p + "ctx", "o", p + "attn")
        node("Add", [x, attn], p + "res1")
        x1 = node("LayerNormalization", [p + "res1", p + "ln1_g", p + "ln1_b"], p + "ln1", axis=-1, epsilon=EPS)
        h = linear(x1, "ff1", p + "ff1out")
        # Exact GELU: 0.5 * h * (1 + erf(h / sqrt(2))).
        node("Mul", [h, "c_rsqrt2"], p + "gelu_a")
        node("Erf", [p + "gelu_a"], p + "gelu_erf")
        node("Add", [p + "gelu_erf", "c_one_f"], p + "gelu_1p")
        node("Mul", [h, p + "gelu_1p"], p + "gelu_m")
        g = node("Mul", [p + "gelu_m", "c_half"], p + "gelu")
        f = linear(g, "ff2", p + "ff2out")
        node("Add", [x1, f], p + "res2")
        out_name = "last_hidden_state" if l == LAYERS - 1 else p + "out"
        x = node("LayerNormalization", [p + "res2", p + "ln2_g", p + "ln2_b"], out_name, axis=-1, epsilon=EPS)

    inputs = [
        helper.make_tensor_value_info(n, TensorProto.INT64, ["batch_size", "sequence_length"])
        for n in ("input_ids", "attention_mask", "token_type_ids")
    ]
    outputs = [
        helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch_size", "sequence_length", HIDDEN])
    ]
    graph = helper.make_graph(nodes, "chunklab-test-bert", inputs, outputs, inits)
    model = helper.make_model(
        graph,
        opset_imports=[helper.make_opsetid("", 17)],
        producer_name="chunklab scripts/make-test-model.py",
        producer_version="1",
    )
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


# ----------------------------------------------------------------------------- numpy reference

def np_layer_norm(x, g, b):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + EPS) * g + b


def np_erf(x):
    # math.erf elementwise: float64, independent of ONNX's Erf kernel.
    return np.vectorize(math.erf)(x)


def np_forward(w, ids, mask, types):
    """The same encoder in float64 numpy. ids/mask/types: int arrays [batch, seq]."""
    ids = np.asarray(ids)
    mask = np.asarray(mask, dtype=np.float64)
    types = np.asarray(types)
    W = {k: v.astype(np.float64) for k, v in w.items()}
    b, s = ids.shape
    dh = HIDDEN // HEADS
    x = W["word"][ids] + W["pos"][np.arange(s)][None, :, :] + W["type"][types]
    x = np_layer_norm(x, W["emb_ln_g"], W["emb_ln_b"])
    add = ((1.0 - mask) * MASK_VALUE)[:, None, None, :]
    for l in range(LAYERS):
        p = f"l{l}_"
        q = x @ W[p + "q"] + W[p + "q_b"]
        k = x @ W[p + "k"] + W[p + "k_b"]
        v = x @ W[p + "v"] + W[p + "v_b"]
        split = lambda t: t.reshape(b, s, HEADS, dh).transpose(0, 2, 1, 3)
        qh, kh, vh = split(q), split(k), split(v)
        scores = qh @ kh.transpose(0, 1, 3, 2) / math.sqrt(dh) + add
        scores = scores - scores.max(-1, keepdims=True)
        probs = np.exp(scores)
        probs = probs / probs.sum(-1, keepdims=True)
        ctx = (probs @ vh).transpose(0, 2, 1, 3).reshape(b, s, HIDDEN)
        x1 = np_layer_norm(x + ctx @ W[p + "o"] + W[p + "o_b"], W[p + "ln1_g"], W[p + "ln1_b"])
        h = x1 @ W[p + "ff1"] + W[p + "ff1_b"]
        g = 0.5 * h * (1.0 + np_erf(h / math.sqrt(2.0)))
        x = np_layer_norm(x1 + g @ W[p + "ff2"] + W[p + "ff2_b"], W[p + "ln2_g"], W[p + "ln2_b"])
    return x


def normalize(v):
    return v / np.linalg.norm(v)


def mean_pool(hidden, mask):
    m = np.asarray(mask, dtype=np.float64)
    return (hidden * m[:, None]).sum(0) / m.sum()


# ----------------------------------------------------------------------------- reference inputs

def simple_encode(vocab, text):
    """Whole-word lookup for reference texts made only of lowercase words in the vocabulary."""
    ids, spans, pos = [], [], 0
    for word in text.split(" "):
        if word not in vocab:
            raise SystemExit(f"reference text word not in vocabulary: {word!r}")
        ids.append(vocab[word])
        spans.append([pos, pos + len(word)])
        pos += len(word) + 1
    return ids, spans


def rounded(a, digits=7):
    return [round(float(x), digits) for x in np.asarray(a).ravel()]


def main():
    w = make_weights()
    model = build_onnx(w)

    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(os.path.join(OUT, "onnx"))
    with open(os.path.join(OUT, "onnx", "model.onnx"), "wb") as fh:
        fh.write(model.SerializeToString())

    for name in ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"):
        shutil.copyfile(os.path.join(TOKENIZER_DIR, name), os.path.join(OUT, name))
    with open(os.path.join(TOKENIZER_DIR, "tokenizer.json"), encoding="utf-8") as fh:
        vocab = json.load(fh)["model"]["vocab"]

    config = {
        "_name_or_path": "chunklab-test-bert",
        "architectures": ["BertModel"],
        "attention_probs_dropout_prob": 0.0,
        "hidden_act": "gelu",
        "hidden_dropout_prob": 0.0,
        "hidden_size": HIDDEN,
        "initializer_range": 0.02,
        "intermediate_size": INTERMEDIATE,
        "layer_norm_eps": EPS,
        "max_position_embeddings": MAX_POS,
        "model_type": "bert",
        "num_attention_heads": HEADS,
        "num_hidden_layers": LAYERS,
        "pad_token_id": PAD,
        "position_embedding_type": "absolute",
        "type_vocab_size": TYPE_VOCAB,
        "vocab_size": VOCAB,
    }
    with open(os.path.join(OUT, "config.json"), "w", encoding="utf-8") as fh:
        json.dump(config, fh, indent=2)
        fh.write("\n")

    with open(os.path.join(OUT, "NOTICE.md"), "w", encoding="utf-8") as fh:
        fh.write(
            "# chunklab-test-bert: a random-weight BERT for tests\n\n"
            "Generated by `scripts/make-test-model.py` (fixed seed; rerun with Debian's `/usr/bin/python3`).\n"
            f"{LAYERS} layers, hidden size {HIDDEN}, {HEADS} heads, FFN {INTERMEDIATE}, exact GELU, "
            f"{MAX_POS} positions, vocabulary {VOCAB}, fp32.\n"
            "Same inputs and output as the Xenova BERT exports that transformers.js loads.\n\n"
            "The weights are RANDOM: embeddings from this model carry no meaning. Use it to test\n"
            "plumbing and arithmetic (pooling, batching, late chunking, caching), never retrieval quality.\n\n"
            "`tokenizer.json`, `tokenizer_config.json` and `special_tokens_map.json` are the real WordPiece\n"
            "tokenizer of `sentence-transformers/all-MiniLM-L6-v2` (Apache-2.0), copied from\n"
            "`public/tokenizers/all-MiniLM-L6-v2/` (see its NOTICE.md).\n\n"
            "`reference.json` holds outputs of an independent numpy implementation of the same encoder\n"
            "(float64), which the tests compare onnxruntime's outputs against.\n"
        )

    texts = [
        "the quick brown fox jumps over the lazy dog",
        "retrieval is a test",
        "a late chunk of a long document keeps the context of every part",
    ]
    singles = []
    for text in texts:
        ids, spans = simple_encode(vocab, text)
        full = [CLS] + ids + [SEP]
        mask = [1] * len(full)
        types = [0] * len(full)
        hidden = np_forward(w, [full], [mask], [types])[0]
        singles.append(
            {
                "text": text,
                "tokenIds": ids,
                "tokenSpans": spans,
                "inputIds": full,
                "lastHiddenState": rounded(hidden),
                "meanPooled": rounded(normalize(mean_pool(hidden, mask))),
                "cls": rounded(normalize(hidden[0])),
            }
        )

    # A padded batch of the three texts: the padded rows must give the same valid-token outputs.
    seqs = [s["inputIds"] for s in singles]
    width = max(len(s) for s in seqs)
    batch_ids = [s + [PAD] * (width - len(s)) for s in seqs]
    batch_mask = [[1] * len(s) + [0] * (width - len(s)) for s in seqs]
    batch_types = [[0] * width for _ in seqs]
    batch_hidden = np_forward(w, batch_ids, batch_mask, batch_types)

    # Late chunking reference on the third text: token vectors of the whole sequence ([CLS] and [SEP]
    # attend and are attended to), each chunk = mean of its own tokens' vectors (no special tokens).
    late_text = singles[2]
    late_hidden = np_forward(w, [late_text["inputIds"]], [[1] * len(late_text["inputIds"])], [[0] * len(late_text["inputIds"])])[0]
    n = len(late_text["tokenIds"])
    token_ranges = [[0, 4], [4, 9], [9, n]]
    late_chunks = []
    for a, b in token_ranges:
        vec = late_hidden[1 + a : 1 + b].mean(0)  # +1 skips [CLS]
        late_chunks.append(
            {
                "tokenRange": [a, b],
                "charSpan": [late_text["tokenSpans"][a][0], late_text["tokenSpans"][b - 1][1]],
                "vector": rounded(normalize(vec)),
            }
        )

    reference = {
        "note": "numpy float64 reference outputs of scripts/make-test-model.py; random weights, no meaning",
        "hidden": HIDDEN,
        "clsId": CLS,
        "sepId": SEP,
        "padId": PAD,
        "singles": singles,
        "batch": {
            "inputIds": batch_ids,
            "attentionMask": batch_mask,
            "lastHiddenState": rounded(batch_hidden),
        },
        "late": {"text": late_text["text"], "chunks": late_chunks},
    }
    with open(os.path.join(OUT, "reference.json"), "w", encoding="utf-8") as fh:
        json.dump(reference, fh, indent=1)
        fh.write("\n")

    size = os.path.getsize(os.path.join(OUT, "onnx", "model.onnx"))
    print(f"wrote {OUT} (onnx/model.onnx: {size} bytes)")


if __name__ == "__main__":
    main()
