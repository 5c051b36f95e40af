// The inspector's "model limit" follows the loaded embedding model: when a model (or its tokenizer)
// with a known input limit is loaded, that limit becomes the inspector's, once per model; the user
// can still change it afterwards.
import { inspector } from './state.svelte.ts';

let applied: string | undefined;

/** Applies `limit` of model `id` unless this model's limit was applied already. */
export function followModelLimit(id: string | undefined, limit: number | undefined): void {
  if (!id || !limit || !Number.isFinite(limit) || limit <= 0) return;
  const key = `${id}|${limit}`;
  if (key === applied) return;
  applied = key;
  if (inspector.modelMaxTokens !== limit) {
    inspector.modelMaxTokens = Math.round(limit);
    inspector.save();
  }
}
