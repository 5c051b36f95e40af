// Text of the "answers a user can act on" features: Precision Ω in the results table, and the
// enough-questions (power) notes beside a comparison. The Portuguese object defines the keys.
export const pt = {
  'experiments.results.col.precisionOmega': 'Precisão Ω',
  'answers.omega.help':
    'Precisão Ω (Chroma): entregando todos os chunks do documento certo que tocam a resposta, a fração dos caracteres entregues que é resposta. Depende só dos cortes, não da busca.',
};

export const en: Record<keyof typeof pt, string> = {
  'experiments.results.col.precisionOmega': 'Precision Ω',
  'answers.omega.help':
    "Precision Ω (Chroma): handing over every chunk of the right document that touches the answer, the share of the characters handed over that is answer. A property of the cuts alone, not of the search.",
};
