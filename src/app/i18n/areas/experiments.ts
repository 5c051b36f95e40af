// Interface text of the experiments area, in both languages. Keys are prefixed "experiments.".
// The Portuguese object defines the keys; the English one is typed against it.
export const pt = {
  'experiments.title': 'Experimentos',
} as const;

export const en: Record<keyof typeof pt, string> = {
  'experiments.title': 'Experiments',
};
