// The chunker registry: ids, labels, two-line summaries and every parameter with its type, default,
// bounds and help text, in Portuguese and English. The UI and the CLI read names and defaults from here.

import type { Chunker, ChunkerId } from '../types.ts';
import { fixedChunker } from './fixed.ts';
import { recursiveChunker } from './recursive.ts';
import { semanticChunker } from './semantic.ts';
import { sentenceWindowChunker } from './sentence-window.ts';
import { sentencesChunker } from './sentences.ts';
import { smallToBigChunker } from './small-to-big.ts';
import { structureChunker } from './structure.ts';

export interface Localized {
  pt: string;
  en: string;
}

export interface ParamSpec {
  name: string;
  type: 'int' | 'number' | 'boolean' | 'enum';
  default: number | boolean | string;
  min?: number;
  max?: number;
  options?: string[];
  help: Localized;
}

export interface ChunkerInfo {
  id: ChunkerId;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  chunker: Chunker<any>;
  label: Localized;
  /** Two lines: what it does, when to use it. */
  summary: Localized;
  params: ParamSpec[];
}

/** Largest cap accepted, in tokens (long-context embedding models go to 8192). */
export const MAX_TOKENS_LIMIT = 8192;

const maxTokens = (def: number, help?: Localized): ParamSpec => ({
  name: 'maxTokens',
  type: 'int',
  default: def,
  min: 8,
  max: MAX_TOKENS_LIMIT,
  help: help ?? {
    pt: 'Limite rígido de tokens por chunk (prefixo incluído), contados no tokenizador do modelo, sem tokens especiais.',
    en: "Hard cap on tokens per chunk (prefix included), counted with the model's tokenizer, without special tokens.",
  },
});

const overlap = (help: Localized): ParamSpec => ({
  name: 'overlap',
  type: 'int',
  default: 0,
  min: 0,
  max: MAX_TOKENS_LIMIT - 1,
  help,
});

const header: ParamSpec = {
  name: 'header',
  type: 'boolean',
  default: false,
  help: {
    pt: 'Prefixa cada chunk com "Título > Seção > Subseção | versão"; os tokens do cabeçalho contam no limite.',
    en: 'Prefix every chunk with "Title > Section > Subsection | version"; the header\'s tokens count in the cap.',
  },
};

const level = (def: number, help: Localized): ParamSpec => ({ name: 'level', type: 'int', default: def, min: 1, max: 6, help });

const wholePiecesOverlap = overlap({
  pt: 'Tokens repetidos do fim de um chunk no início do seguinte, sempre em pedaços inteiros (0 = sem sobreposição).',
  en: 'Tokens repeated from the end of a chunk at the start of the next, always as whole pieces (0 = none).',
});

export const CHUNKERS: Record<ChunkerId, ChunkerInfo> = {
  fixed: {
    id: 'fixed',
    chunker: fixedChunker,
    label: { pt: 'Janela fixa', en: 'Fixed window' },
    summary: {
      pt: 'Janelas de N tokens que deslizam com sobreposição de O tokens, sem olhar a estrutura.\nA linha de base: use para comparar as outras estratégias.',
      en: 'Windows of N tokens sliding with an overlap of O tokens, blind to structure.\nThe baseline: use it to compare the other strategies against.',
    },
    params: [
      maxTokens(256),
      overlap({
        pt: 'Tokens compartilhados por janelas consecutivas (exatamente O, menor que o limite).',
        en: 'Tokens shared by consecutive windows (exactly O, below the cap).',
      }),
      header,
    ],
  },
  recursive: {
    id: 'recursive',
    chunker: recursiveChunker,
    label: { pt: 'Recursivo', en: 'Recursive' },
    summary: {
      pt: 'Corta no separador mais forte que resolve (linha em branco, quebra de linha, fim de frase, espaço) e junta vizinhos enquanto cabem.\nUm bom padrão para texto misto.',
      en: 'Cuts at the strongest separator that helps (blank line, line break, sentence end, space) and merges neighbours while they fit.\nA good default for mixed text.',
    },
    params: [
      maxTokens(256),
      wholePiecesOverlap,
      header,
      {
        name: 'separators',
        type: 'enum',
        default: 'default',
        options: ['default', 'markdown'],
        help: {
          pt: 'Escada de separadores: "default" (parágrafo, linha, frase, espaço) ou "markdown" (antes de títulos e blocos de código, depois a padrão).',
          en: 'Separator ladder: "default" (paragraph, line, sentence, space) or "markdown" (before headings and code fences, then the default).',
        },
      },
    ],
  },
  sentences: {
    id: 'sentences',
    chunker: sentencesChunker,
    label: { pt: 'Frases', en: 'Sentences' },
    summary: {
      pt: 'Agrupa frases inteiras (títulos, linhas de tabela e blocos de código indivisíveis) até o limite.\nUse em documentos de prosa, quando cortar no meio da frase prejudica.',
      en: 'Packs whole sentences (headings, table rows and code blocks indivisible) up to the cap.\nUse it for prose, where cutting mid-sentence hurts.',
    },
    params: [
      maxTokens(256),
      overlap({
        pt: 'Tokens de frases inteiras do fim de um chunk repetidos no seguinte (0 = sem sobreposição).',
        en: 'Tokens of whole sentences from the end of a chunk repeated in the next (0 = none).',
      }),
      header,
    ],
  },
  structure: {
    id: 'structure',
    chunker: structureChunker,
    label: { pt: 'Estrutura', en: 'Structure' },
    summary: {
      pt: 'Uma seção por chunk, título sempre com o corpo; tabelas cortadas por linhas com o cabeçalho repetido, código inteiro quando cabe.\nUse em Markdown com títulos de verdade (manuais, normas, documentação).',
      en: 'One section per chunk, heading always with its body; tables cut by rows with the header repeated, code whole when it fits.\nUse it for Markdown with real headings (manuals, policies, docs).',
    },
    params: [
      maxTokens(256),
      overlap({
        pt: 'Sobreposição em blocos inteiros, só dentro de seções grandes demais (0 = sem sobreposição).',
        en: 'Overlap in whole blocks, only inside sections too big for one chunk (0 = none).',
      }),
      header,
      level(2, {
        pt: 'Nível de título que abre uma seção (1 = #, 2 = ##, …).',
        en: 'Heading level that opens a section (1 = #, 2 = ##, …).',
      }),
      {
        name: 'merge',
        type: 'boolean',
        default: true,
        help: {
          pt: 'Junta seções pequenas consecutivas enquanto couberem no limite.',
          en: 'Merge consecutive small sections while they fit the cap.',
        },
      },
    ],
  },
  semantic: {
    id: 'semantic',
    chunker: semanticChunker,
    label: { pt: 'Semântico', en: 'Semantic' },
    summary: {
      pt: 'Embute cada frase e corta onde frases vizinhas deixam de se parecer, entre um mínimo e o limite.\nUse em texto longo sem estrutura cujo assunto muda; precisa de um modelo de embeddings.',
      en: 'Embeds every sentence and cuts where neighbours stop resembling each other, between a minimum and the cap.\nUse it for long unstructured text whose topic drifts; needs an embedding model.',
    },
    params: [
      maxTokens(256),
      overlap({ pt: 'Ignorado por este chunker.', en: 'Ignored by this chunker.' }),
      header,
      {
        name: 'percentile',
        type: 'number',
        default: 95,
        min: 0,
        max: 100,
        help: {
          pt: 'Corta onde a distância entre vizinhos passa deste percentil de todas as distâncias (95 é o usual).',
          en: 'Cut where the distance between neighbours is above this percentile of all distances (95 is usual).',
        },
      },
      {
        name: 'threshold',
        type: 'number',
        default: 0,
        min: 0,
        max: 1,
        help: {
          pt: 'Se maior que 0: corta onde a similaridade de cosseno entre vizinhos fica abaixo deste valor (substitui o percentil).',
          en: 'When above 0: cut where the cosine similarity of neighbours falls below this value (replaces the percentile).',
        },
      },
      {
        name: 'minTokens',
        type: 'int',
        default: 32,
        min: 0,
        max: MAX_TOKENS_LIMIT,
        help: {
          pt: 'Grupos menores que isto se juntam ao vizinho mais parecido (no máximo metade do limite).',
          en: 'Groups smaller than this join their most similar neighbour (at most half the cap).',
        },
      },
    ],
  },
  'small-to-big': {
    id: 'small-to-big',
    chunker: smallToBigChunker,
    label: { pt: 'Pequeno para grande', en: 'Small-to-big' },
    summary: {
      pt: 'Indexa filhos pequenos e devolve o pai (a seção ou uma janela maior); filhos do mesmo pai se fundem na busca.\nUse quando a busca precisa de precisão e a leitura precisa de contexto.',
      en: 'Indexes small children and returns their parent (the section or a larger window); children of one parent merge at retrieval.\nUse it when matching needs precision and reading needs context.',
    },
    params: [
      maxTokens(128, {
        pt: 'Limite rígido de tokens de cada filho indexado (prefixo incluído).',
        en: 'Hard cap on tokens of each indexed child (prefix included).',
      }),
      wholePiecesOverlap,
      header,
      {
        name: 'parent',
        type: 'enum',
        default: 'section',
        options: ['section', 'window'],
        help: {
          pt: 'O que o filho devolve: a sua seção (cortada em parentTokens se maior) ou uma janela de parentTokens.',
          en: 'What a child returns: its section (cut at parentTokens when longer) or a window of parentTokens.',
        },
      },
      {
        name: 'parentTokens',
        type: 'int',
        default: 512,
        min: 16,
        max: MAX_TOKENS_LIMIT * 4,
        help: {
          pt: 'Tamanho máximo de um pai em tokens (nunca menor que o limite dos filhos).',
          en: 'Largest size of a parent in tokens (never below the children\'s cap).',
        },
      },
      level(2, {
        pt: 'Nível de título das seções-pai.',
        en: 'Heading level of section parents.',
      }),
    ],
  },
  'sentence-window': {
    id: 'sentence-window',
    chunker: sentenceWindowChunker,
    label: { pt: 'Janela de frases', en: 'Sentence window' },
    summary: {
      pt: 'Indexa cada frase sozinha e devolve k frases de cada lado junto com ela.\nUse quando a pergunta bate numa frase mas a leitura precisa do entorno.',
      en: 'Indexes every sentence alone and returns k sentences on each side with it.\nUse it when questions hit one sentence but the reader needs its surroundings.',
    },
    params: [
      maxTokens(128, {
        pt: 'Limite rígido de tokens de cada frase indexada (frases maiores são cortadas).',
        en: 'Hard cap on tokens of each indexed sentence (longer ones are cut).',
      }),
      overlap({ pt: 'Ignorado por este chunker.', en: 'Ignored by this chunker.' }),
      header,
      {
        name: 'window',
        type: 'int',
        default: 2,
        min: 0,
        max: 20,
        help: {
          pt: 'Frases devolvidas de cada lado da frase indexada.',
          en: 'Sentences returned on each side of the indexed one.',
        },
      },
    ],
  },
};

export const CHUNKER_IDS = Object.keys(CHUNKERS) as ChunkerId[];
