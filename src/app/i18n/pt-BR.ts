// Brazilian Portuguese interface text: the source dictionary. Every key here must exist in en.ts
// (the Dictionary type enforces it). `{name}` marks a value filled in at display time.
import * as search from './areas/search.ts';
import * as experiments from './areas/experiments.ts';
import * as lessons from './areas/lessons.ts';
import * as models from './areas/models.ts';
import * as inspector from './areas/inspector.ts';
import * as boundaryEdit from './areas/edit.ts';
import * as service from './areas/service.ts';
import * as documents from './areas/documents.ts';
import * as rerank from './areas/rerank.ts';
import * as questions from './areas/questions.ts';
import * as results from './areas/results.ts';
import * as offline from './areas/offline.ts';
import * as chunking from './areas/chunking.ts';
import * as newcomer from './areas/newcomer.ts';
import * as errors from './areas/errors.ts';
import * as runLabels from './areas/run-labels.ts';
import * as answers from './areas/answers.ts';
import * as perDocument from './areas/per-document.ts';
import * as pack from './areas/pack.ts';
import * as sessions from './areas/sessions.ts';
import * as agreement from './areas/agreement.ts';
import * as tune from './areas/tune.ts';

// Each area (search, experiments, lessons, models) keeps its text in areas/<area>.ts.
export const ptBR = {
  ...search.pt,
  ...experiments.pt,
  ...results.pt,
  ...lessons.pt,
  ...models.pt,
  ...inspector.pt,
  ...boundaryEdit.pt,
  ...service.pt,
  ...documents.pt,
  ...rerank.pt,
  ...questions.pt,
  ...offline.pt,
  ...chunking.pt,
  ...newcomer.pt,
  ...errors.pt,
  ...runLabels.pt,
  ...answers.pt,
  ...perDocument.pt,
  ...pack.pt,
  ...sessions.pt,
  ...agreement.pt,
  ...tune.pt,
  'app.title': 'ChunkLab',
  'app.tagline': 'Um laboratório de chunking para RAG que roda no seu navegador.',
  'app.skip': 'Pular para o conteúdo',
  'lang.label': 'Idioma',
  'lang.pt-BR': 'Português (Brasil)',
  'lang.en': 'English',

  'nav.label': 'Seções',
  'nav.workspace': 'Espaço de trabalho',
  'nav.inspector': 'Inspetor de chunks',
  'nav.search': 'Busca',
  'nav.experiments': 'Experimentos',
  'nav.results': 'Resultados',
  'nav.lessons': 'Lições',

  'storage.used': '{used} de {quota} usados',
  'storage.usedOnly': '{used} usados',
  'storage.unknown': 'Uso de armazenamento indisponível',
  'storage.saving': 'Salvando…',
  'storage.saved': 'Tudo salvo neste navegador',
  'storage.unavailable':
    'Este navegador não permite guardar dados (IndexedDB indisponível, talvez por navegação privada). Você pode trabalhar, mas nada será guardado ao fechar a página.',
  'storage.quota':
    'O armazenamento do navegador está cheio: as últimas alterações NÃO foram salvas. Nada do que já estava guardado foi apagado. Exclua um corpus ou exporte o espaço de trabalho e tente de novo.',
  'storage.failed': 'Falha ao salvar: {message}. Nada do que já estava guardado foi apagado.',
  'storage.retry': 'Tentar salvar de novo',
  'storage.loading': 'Carregando o espaço de trabalho…',

  'samples.loading': 'Carregando o corpus de exemplo…',
  'samples.failed': 'Não foi possível carregar o exemplo: {message}',
  'samples.restore': 'Restaurar exemplos',
  'samples.restoreConfirm':
    'Restaurar os exemplos substitui os corpora de exemplo (e suas perguntas) pela versão original. Seus outros corpora não mudam. Continuar?',
  'samples.restored': 'Exemplos restaurados.',
  'samples.corpusName.pt-BR': 'Exemplo em português (pt-BR)',
  'samples.corpusName.en': 'Exemplo em inglês (en)',
  'samples.questionsName': 'Perguntas de {corpus}',

  'ws.title': 'Espaço de trabalho',
  'ws.corpora': 'Corpora',
  'ws.noCorpora': 'Nenhum corpus ainda. Crie um ou restaure os exemplos.',
  'ws.newCorpus': 'Novo corpus',
  'ws.newCorpusName': 'Corpus sem nome',
  'ws.rename': 'Renomear',
  'ws.renameLabel': 'Novo nome do corpus',
  'ws.save': 'Salvar',
  'ws.cancel': 'Cancelar',
  'ws.duplicate': 'Duplicar',
  'ws.copyOf': '{name} (cópia)',
  'ws.delete': 'Excluir',
  'ws.deleteConfirm': 'Excluir o corpus “{name}” com seus {count, plural, one {# documento} other {# documentos}} e perguntas? Não há como desfazer.',
  'ws.documents': 'Documentos',
  'ws.docCount': '{count, plural, one {# documento} other {# documentos}}',
  'ws.questionCount': '{count, plural, one {# pergunta} other {# perguntas}}',
  'ws.noDocuments': 'Este corpus não tem documentos. Cole um texto ou escolha arquivos abaixo.',
  'ws.chars': '{count, plural, one {# caractere} other {# caracteres}}',
  'ws.inspect': 'Inspecionar',
  'ws.removeDoc': 'Remover',
  'ws.removeDocConfirm': 'Remover o documento “{name}” deste corpus?',
  'ws.selectCorpus': 'Selecionar corpus {name}',
  'ws.add': 'Adicionar documentos',
  'ws.paste': 'Colar texto',
  'ws.pasteTitle': 'Título do documento',
  'ws.pasteText': 'Texto do documento',
  'ws.pasteFormat': 'Formato',
  'ws.pasteAdd': 'Adicionar documento',
  'ws.pasteEmpty': 'Cole algum texto antes de adicionar.',
  'ws.pastedName': 'Documento colado {n}',
  'ws.files': 'Arquivos',
  'ws.filesHelp': 'Solte arquivos .md, .txt ou .html aqui (vários de uma vez), ou',
  'ws.choose': 'escolha arquivos',
  'ws.dropzone': 'Área para soltar arquivos',
  'ws.added': '{count, plural, one {# documento adicionado} other {# documentos adicionados}}.',
  'ws.skipped': '“{name}” ignorado: {reason}',
  'ws.unsupported': 'tipo de arquivo não suportado (use .md, .txt ou .html)',
  'ws.import': 'Importar conjunto de dados',
  'ws.importHelp':
    'SQuAD v1.1 (.json), espaço de trabalho do ChunkLab (.json) ou Chroma (corpora/*.md + questions_df.csv): cada importação vira um corpus novo.',
  'ws.importChoose': 'Escolher arquivo(s) para importar',
  'ws.importFolder': 'Ou escolher uma pasta (Chroma: corpora/ + questions_df.csv; ChunkLab: documents.json)',
  'ws.importDone': 'Importado: {name} ({docs, plural, one {# documento} other {# documentos}}, {questions, plural, one {# pergunta} other {# perguntas}}).',
  'ws.importSkipped': '{count, plural, one {# pergunta do arquivo ficou} other {# perguntas do arquivo ficaram}} de fora: a resposta não foi encontrada no texto.',
  'ws.importFailed': 'Não foi possível importar: {message}',
  'ws.importUnavailable': 'A leitura deste formato ainda não está disponível nesta versão.',
  'ws.export': 'Exportar espaço de trabalho',
  'ws.questions': 'Perguntas',
  'ws.noQuestions': 'Nenhuma pergunta para este corpus.',
  'ws.questionDoc': 'documento “{doc}”',
  'ws.showQuestions': 'Mostrar perguntas ({count})',
  'ws.hideQuestions': 'Ocultar perguntas',
  'ws.busy': 'Trabalhando…',

  'fmt.markdown': 'Markdown',
  'fmt.text': 'Texto simples',
  'fmt.html': 'HTML',

  'insp.title': 'Inspetor de chunks',
  'insp.corpus': 'Corpus',
  'insp.document': 'Documento',
  'insp.noDocument': 'Escolha um documento no espaço de trabalho (ou adicione um) para inspecionar.',
  'insp.chunker': 'Estratégia',
  'insp.params': 'Parâmetros',
  'insp.header': 'Cabeçalho de contexto (Documento > Seção | versão)',
  'insp.run': 'Cortar',
  'insp.running': 'Cortando…',
  'insp.cancel': 'Cancelar',
  'insp.cancelled': 'Cancelado.',
  'insp.failed': 'Falhou: {message}',
  'insp.engineMissing': 'O motor de chunking ainda não está disponível nesta versão.',
  'insp.chunks': '{count, plural, one {# chunk} other {# chunks}}',
  'insp.meanTokens': 'média de {mean} tokens',
  'insp.tokenizer': 'tokens de {name}',
  'insp.recipe': 'Baixar a receita deste corte (.json)',
  'insp.recipeHelp': 'Baixa chunklab-recipe.json: esta estratégia, seus parâmetros e o tokenizador, para cortar um corpus inteiro fora da página com exatamente estes chunks',
  'insp.recipeSaved': 'Receita salva como chunklab-recipe.json (estratégia, parâmetros e tokenizador deste corte; nenhum documento vai junto). Para cortar um corpus inteiro com ela: `npm run cli -- batch --recipe chunklab-recipe.json --input <pasta> --out <saída>`.',
  'insp.recipeUnsupported': 'Este corte não pode virar receita (o chunker llm, ou vetores semânticos de um modelo)',
  'insp.text': 'Texto do documento com as fronteiras dos chunks',
  'insp.textHelp': 'Cores alternadas marcam chunks vizinhos; o hachurado marca sobreposição. Clique num marcador para ver o chunk.',
  'insp.list': 'Lista de chunks',
  'insp.chunkLabel': 'Chunk {n}',
  'insp.tokens': '{count, plural, one {# token} other {# tokens}}',
  'insp.noPath': '(sem seção)',
  'insp.selected': 'Chunk selecionado',
  'insp.selectHint': 'Selecione um chunk para ver o texto indexado e o texto devolvido.',
  'insp.indexed': 'Texto indexado (com prefixo)',
  'insp.returned': 'Texto devolvido ao leitor',
  'insp.prefix': 'prefixo',
  'insp.range': 'caracteres {start}–{end}',
  'insp.sameReturned': 'Igual ao texto indexado (esta estratégia devolve o que indexa).',
  'insp.lexicalSemantic': 'vetores lexicais (TF-IDF), sem modelo',
  'insp.needsModel': 'precisa de um modelo de embeddings',
  'insp.lints': 'Alertas',
  'insp.noLints': 'Nenhum alerta',
  'insp.modelMax': 'Limite do modelo (tokens)',
  'insp.minTokens': 'Mínimo por chunk (tokens)',
  'insp.stale': 'Os parâmetros mudaram: clique em “Cortar” para atualizar.',

  'lint.orphan-heading': 'título órfão',
  'lint.starts-mid-sentence': 'começa no meio da frase',
  'lint.ends-mid-sentence': 'termina no meio da frase',
  'lint.row-without-header': 'linha de tabela sem cabeçalho',
  'lint.split-code': 'código partido',
  'lint.over-model-limit': 'acima do limite do modelo',
  'lint.micro-chunk': 'chunk minúsculo',
  'lint.no-heading-path': 'sem seção',
  'lint.oversized-unit': 'unidade grande demais cortada',
  'lint.table-header-only': 'cabeçalho de tabela sem as linhas',
  'lint.ends-on-list-marker': 'termina num marcador de lista solto',
  'lint.over-cap': 'acima do limite: cabeçalho da tabela mantido com a 1ª linha',

  'common.close': 'Fechar',
  'common.yes': 'Sim',
  'common.no': 'Não',
  'common.error': 'Erro',
} as const;
