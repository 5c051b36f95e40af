// The personal-data warning's counts as the page shows them: only the kinds found, each with its
// plural ("2 e-mails, 1 CPF"), never "0 CNPJs" (the service dialog, question generation, context).
import type { PersonalDataKind } from '../../engine/llm/index.ts';
import { t } from './index.svelte.ts';

const KINDS: readonly PersonalDataKind[] = ['email', 'phone', 'cpf', 'cnpj', 'card'];

export function piiCountsText(counts: Record<PersonalDataKind, number>): string {
  return KINDS.filter((k) => counts[k] > 0)
    .map((k) => t(`models.ctx.piiKind.${k}`, { count: counts[k] }))
    .join(', ');
}
