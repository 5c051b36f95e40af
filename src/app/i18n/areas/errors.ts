// Translated errors the page and its workers meet (codes in src/engine/types.ts ERROR_CODES; shown by
// i18n/error-text.ts with the English detail in parentheses). The engine's input errors are in
// newcomer.ts. The Portuguese object defines the keys; the English one is typed against it.
export const pt = {
  'error.context-missing': 'Faltam frases de contexto no cache para estes chunks: gere-as antes de rodar.',
  'error.model-not-loaded': 'Nenhum modelo está carregado: carregue um antes.',
  'error.http-error': 'O servidor respondeu com um erro ao buscar um arquivo.',
  'error.fetch-failed': 'Não foi possível buscar um arquivo (sem conexão?).',
  'error.files-gone': 'Os arquivos do modelo escolhido não estão mais nesta página: escolha a pasta de novo.',
  'error.no-tokenizer-file': 'A pasta do modelo não tem tokenizer.json.',
  'error.no-model-config': 'A pasta escolhida não tem config.json: escolha a pasta de um modelo (config.json, tokenizer.json, onnx/).',
  'error.no-service': 'Nenhum serviço de embeddings foi escolhido: escolha um no painel de modelos.',
  'error.no-llm-provider': 'Nenhum serviço de modelo de linguagem foi configurado: escolha um nas configurações do provedor.',
  'error.no-api-key': 'Falta a chave de API: informe-a nas configurações do serviço.',
  'error.not-confirmed': 'Não confirmado: nada foi enviado.',
  'error.unknown-dtype': 'Tipo de pesos desconhecido (use fp32, fp16 ou q8).',
  'error.bad-model-output': 'A saída do modelo não é a que esta tarefa precisa: é o tipo certo de modelo?',
  'error.duplicate-document': 'Dois documentos têm o mesmo id.',
  'error.stale-chunk': 'Um chunk aponta para um documento que não está mais no corpus: rode o chunking de novo.',
};

export const en: Record<keyof typeof pt, string> = {
  'error.context-missing': 'Context sentences for these chunks are missing from the cache: generate them before running.',
  'error.model-not-loaded': 'No model is loaded: load one first.',
  'error.http-error': 'The server answered with an error when fetching a file.',
  'error.fetch-failed': 'A file could not be fetched (offline?).',
  'error.files-gone': "The chosen model's files are no longer in this page: pick the folder again.",
  'error.no-tokenizer-file': 'The model folder has no tokenizer.json.',
  'error.no-model-config': 'The picked folder has no config.json: pick a model folder (config.json, tokenizer.json, onnx/).',
  'error.no-service': 'No embedding service is chosen: choose one in the models panel.',
  'error.no-llm-provider': 'No language-model service is configured: choose one in the provider settings.',
  'error.no-api-key': "An API key is missing: enter it in the service's settings.",
  'error.not-confirmed': 'Not confirmed: nothing was sent.',
  'error.unknown-dtype': 'Unknown weight type (use fp32, fp16 or q8).',
  'error.bad-model-output': "The model's output is not what this task needs: is it the right kind of model?",
  'error.duplicate-document': 'Two documents have the same id.',
  'error.stale-chunk': 'A chunk points to a document that is no longer in the corpus: run the chunking again.',
};
