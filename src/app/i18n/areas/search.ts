// Interface text of the search area, in both languages. Keys are prefixed "search.".
// The Portuguese object defines the keys; the English one is typed against it.
export const pt = {
  'search.title': 'Busca',
} as const;

export const en: Record<keyof typeof pt, string> = {
  'search.title': 'Search',
};
