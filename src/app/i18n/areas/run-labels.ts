// The parts of a run's label as the page shows it (src/app/experiments/label.ts): short chunker
// names, retriever kinds and the abbreviations. The English parts are those of the stored label
// (experiments/model.ts runLabel), so an English page shows the stored label unchanged.
// The Portuguese object defines the keys; the English one is typed against it.
export const pt = {
  'run.chunker.fixed': 'fixo',
  'run.chunker.recursive': 'recursivo',
  'run.chunker.sentences': 'frases',
  'run.chunker.structure': 'estrutura',
  'run.chunker.semantic': 'semântico',
  'run.chunker.small-to-big': 'pequeno-a-grande',
  'run.chunker.sentence-window': 'janela-de-frases',
  'run.chunker.llm': 'llm',
  'run.retriever.bm25': 'bm25',
  'run.retriever.dense': 'denso',
  'run.retriever.hybrid': 'híbrido',
  'run.overlap': 'sobr {n}',
  'run.header': 'cab',
  'run.late': 'tardio',
  'run.context': 'ctx',
  'run.contextBaseline': 'ctx-base',
  'run.rerank': 'reordena {model} top {top}',
  'run.docScope': 'escopo doc',
};

export const en: Record<keyof typeof pt, string> = {
  'run.chunker.fixed': 'fixed',
  'run.chunker.recursive': 'recursive',
  'run.chunker.sentences': 'sentences',
  'run.chunker.structure': 'structure',
  'run.chunker.semantic': 'semantic',
  'run.chunker.small-to-big': 'small-to-big',
  'run.chunker.sentence-window': 'sentence-window',
  'run.chunker.llm': 'llm',
  'run.retriever.bm25': 'bm25',
  'run.retriever.dense': 'dense',
  'run.retriever.hybrid': 'hybrid',
  'run.overlap': 'ov {n}',
  'run.header': 'hdr',
  'run.late': 'late',
  'run.context': 'ctx',
  'run.contextBaseline': 'ctx-base',
  'run.rerank': 'rerank {model} top {top}',
  'run.docScope': 'doc scope',
};
