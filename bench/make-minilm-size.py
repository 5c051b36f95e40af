#!/usr/bin/python3
"""Bench only: a random-weight BERT of all-MiniLM-L6-v2's size (6 layers, 384 wide, 12 heads, FFN 1536).

The 2-layer, 32-wide test model is so small that onnxruntime's own work is a few microseconds per
row, which makes any pipeline look costly next to it. This builds the same graph at the size of the
real default model, so the embedding pipeline's overhead is also measured where it matters. It
reuses scripts/make-test-model.py's weights and graph code with the sizes changed; the weights are
random (no retrieval quality). Output: bench/out/models/minilm-size-random/ (gitignored, ~90 MB).

    /usr/bin/python3 bench/make-minilm-size.py
"""
import importlib.util
import json
import os
import shutil

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out", "models", "minilm-size-random")

spec = importlib.util.spec_from_file_location("make_test_model", os.path.join(ROOT, "scripts", "make-test-model.py"))
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
m.HIDDEN, m.HEADS, m.LAYERS, m.INTERMEDIATE = 384, 12, 6, 1536

if not os.path.exists(os.path.join(OUT, "onnx", "model.onnx")):
    model = m.build_onnx(m.make_weights())
    os.makedirs(os.path.join(OUT, "onnx"), exist_ok=True)
    with open(os.path.join(OUT, "onnx", "model.onnx"), "wb") as fh:
        fh.write(model.SerializeToString())
    for name in ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"):
        shutil.copyfile(os.path.join(m.TOKENIZER_DIR, name), os.path.join(OUT, name))
    config = {
        "_name_or_path": "minilm-size-random",
        "architectures": ["BertModel"],
        "hidden_act": "gelu",
        "hidden_size": m.HIDDEN,
        "intermediate_size": m.INTERMEDIATE,
        "layer_norm_eps": m.EPS,
        "max_position_embeddings": m.MAX_POS,
        "model_type": "bert",
        "num_attention_heads": m.HEADS,
        "num_hidden_layers": m.LAYERS,
        "pad_token_id": m.PAD,
        "type_vocab_size": m.TYPE_VOCAB,
        "vocab_size": m.VOCAB,
    }
    with open(os.path.join(OUT, "config.json"), "w", encoding="utf-8") as fh:
        json.dump(config, fh, indent=2)
print(OUT)
