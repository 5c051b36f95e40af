// Text of the results view's per-document choice panel. The Portuguese object defines the keys.
export const pt = {
  'perdoc.title': 'Escolha por documento',
  'perdoc.intro':
    'Escolhe para cada documento a configuração que acerta mais nele. Para o ganho ser honesto, a escolha é feita em metade das perguntas do documento e medida na outra metade (e vice-versa); a melhor configuração única é escolhida do mesmo jeito.',
  'perdoc.show': 'Calcular a escolha por documento',
  'perdoc.metric': 'Medida',
  'perdoc.need': 'São precisas pelo menos duas execuções do mesmo conjunto de perguntas.',
  'perdoc.runs': '{n, plural, one {# execução} other {# execuções}} com as mesmas {q, plural, one {# pergunta} other {# perguntas}}, {d, plural, one {# documento} other {# documentos}}.',
  'perdoc.leftOut': '({n, plural, one {# execução de outro conjunto de perguntas fica} other {# execuções de outros conjuntos de perguntas ficam}} de fora.)',
  'perdoc.single': 'Melhor configuração única: {name}.',
  'perdoc.gain':
    '{metric} escolhendo por documento: {pd}, contra {sg} da melhor única — ganho {gain} [{lo}, {hi}] (validação cruzada por metades; intervalo de 95% reamostrando documentos).',
  'perdoc.inSample': 'Escolhendo nas mesmas perguntas que medem, o ganho pareceria {gain}: otimista, não é o número a usar.',
  'perdoc.helps': 'Escolher por documento ajuda: o intervalo fica acima de zero.',
  'perdoc.none': 'Nenhum ganho demonstrado (o intervalo inclui zero): fique com a melhor configuração única, ou escreva mais perguntas.',
  'perdoc.hurts': 'Escolher por documento piora (o intervalo fica abaixo de zero): fique com a melhor configuração única.',
  'perdoc.changed': 'Documentos que mudam de configuração: {n} de {d}.',
  'perdoc.col.doc': 'Documento',
  'perdoc.col.questions': 'Perguntas',
  'perdoc.col.chosen': 'Escolhida (todas as perguntas: escolhida × única)',
  'perdoc.col.half': 'Metade {h}: escolhida × única',
  'perdoc.halfCell': '{a} × {b} ({n} perg.) → {choice}',
  'perdoc.tooFew': 'Documentos com menos de {n} perguntas ficam com a melhor única (não dá para dividi-los): {list}.',
  'perdoc.export': 'Exportar receita por documento',
  'perdoc.failed': 'Não foi possível calcular: {message}',
};

export const en: Record<keyof typeof pt, string> = {
  'perdoc.title': 'Per-document choice',
  'perdoc.intro':
    "Chooses for each document the configuration that scores best on it. So that the gain is honest, the choice is made on one half of the document's questions and scored on the other half (and the other way round); the best single configuration is chosen the same way.",
  'perdoc.show': 'Compute the per-document choice',
  'perdoc.metric': 'Metric',
  'perdoc.need': 'At least two runs of the same question set are needed.',
  'perdoc.runs': '{n, plural, one {# run} other {# runs}} with the same {q, plural, one {# question} other {# questions}}, {d, plural, one {# document} other {# documents}}.',
  'perdoc.leftOut': '({n, plural, one {# run of another question set is} other {# runs of other question sets are}} left out.)',
  'perdoc.single': 'Best single configuration: {name}.',
  'perdoc.gain':
    '{metric} choosing per document: {pd}, against {sg} for the best single one — gain {gain} [{lo}, {hi}] (cross-fitted on halves; 95% interval resampling documents).',
  'perdoc.inSample': 'Choosing on the very questions that score it, the gain would look like {gain}: flattering, not the figure to use.',
  'perdoc.helps': 'Choosing per document helps: the interval lies above zero.',
  'perdoc.none': 'No gain shown (the interval holds zero): keep the best single configuration, or write more questions.',
  'perdoc.hurts': 'Choosing per document hurts (the interval lies below zero): keep the best single configuration.',
  'perdoc.changed': 'Documents that change configuration: {n} of {d}.',
  'perdoc.col.doc': 'Document',
  'perdoc.col.questions': 'Questions',
  'perdoc.col.chosen': 'Chosen (all its questions: chosen × single)',
  'perdoc.col.half': 'Half {h}: chosen × single',
  'perdoc.halfCell': '{a} × {b} ({n} q.) → {choice}',
  'perdoc.tooFew': 'Documents with fewer than {n} questions keep the best single one (they cannot be split): {list}.',
  'perdoc.export': 'Export the per-document recipe',
  'perdoc.failed': 'Could not compute it: {message}',
};
