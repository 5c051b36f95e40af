// Interface text of the models area, in both languages. Keys are prefixed "models.".
// The Portuguese object defines the keys; the English one is typed against it.
export const pt = {
  'models.title': 'Modelos',
} as const;

export const en: Record<keyof typeof pt, string> = {
  'models.title': 'Models',
};
