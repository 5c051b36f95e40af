// The guide's three steps, in order, with the view each one opens. Empty states link to the step
// that comes next (NextStep.svelte).
export const GUIDE_STEPS = [
  { id: 'cuts', href: '#/inspector' },
  { id: 'grid', href: '#/experiments' },
  { id: 'results', href: '#/results' },
] as const;

export type GuideStep = (typeof GUIDE_STEPS)[number]['id'] | 'workspace' | 'questions';

export const STEP_HREF: Record<GuideStep, string> = {
  workspace: '#/workspace',
  questions: '#/search/questions',
  cuts: '#/inspector',
  grid: '#/experiments',
  results: '#/results',
};
