// Interface text of the lessons area, in both languages. Keys are prefixed "lessons.".
// The Portuguese object defines the keys; the English one is typed against it.
export const pt = {
  'lessons.title': 'Lições',
} as const;

export const en: Record<keyof typeof pt, string> = {
  'lessons.title': 'Lessons',
};
