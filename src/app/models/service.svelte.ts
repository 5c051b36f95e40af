// The page's embedding service: the choice (settings in localStorage, the key in memory unless the
// user asks to remember it), the engine counting in the service model's tokens (tiktoken for an
// OpenAI embedding model, else the bundled tokenizer, and the panel says so), and the embed hook the
// experiments grid uses. Every call runs in the embedding-service worker (src/app/bridge/embed-service.ts);
// before the first call of a batch the estimate and the personal-data warning are shown and confirmed
// (serviceState.pending, answered by ServiceConfirm.svelte). Nothing is asked when every vector is
// cached: a rerun makes no call.
//
// API for the other areas (experiments):
//   serviceState                     reactive: { active, settings, info, remembered, pending, working, error }
//   serviceGridModel()               the grid's model id when the service is in use, else null
//   serviceEmbed(texts, kind, signal, queries?)  → unit vectors (passages also embed `queries` in batches)
//   serviceRecord()                  what the results file records (provider, model, dimensions, base URL)
//   resetServiceConfirmation()       a new batch asks again before sending
import { createEmbedServiceClient, type EmbedServiceClient, type ServiceInfo, type ServicePlan } from '../bridge/embed-service.ts';
import { useModelTokenizer } from '../bridge/engine.svelte.ts';
import { embeddingRecord, isOfficialBase, serviceEncoding, type EmbeddingProviderRecord, type EmbeddingProviderSettings } from '../../engine/embedding/providers/index.ts';
import { openAIEmbeddingModel } from '../../engine/tokens/index.ts';
import { InputError } from '../../engine/types.ts';
import { readKey, readSavedService, saveKey, saveService, serviceConfig, serviceGridId } from './service-settings.ts';
import { handBackModelTokenizer, tokenizerOwner } from './state.svelte.ts';

const storage = typeof localStorage === 'undefined' ? undefined : localStorage;
const saved = readSavedService(storage);
/** The key: this module's memory (and localStorage only when remembered). Never in reactive state. */
let apiKey = readKey(storage);

export interface PendingConfirmation {
  id: string;
  plan: ServicePlan;
}

export const serviceState = $state({
  active: saved?.active ?? false,
  settings: (saved?.settings ?? null) as EmbeddingProviderSettings | null,
  info: null as ServiceInfo | null,
  /** A key is kept on this device. */
  remembered: apiKey !== '',
  /** A key is in memory (its value is never shown back). */
  hasKey: apiKey !== '',
  /** The service was set up with a key (kept or not): without one in memory it cannot be called. */
  keyed: saved?.keyed === true || apiKey !== '',
  pending: null as PendingConfirmation | null,
  working: null as null | { id: string; fraction: number },
  error: null as string | null,
});

let client: EmbedServiceClient | null = null;
let configured: Promise<ServiceInfo> | null = null;
let confirmed = false;
let answer: ((ok: boolean) => void) | null = null;

function getClient(): EmbedServiceClient {
  client ??= createEmbedServiceClient();
  return client;
}

/**
 * The service is chosen but cannot run: it needs a key (the provider's own address) and none is in
 * memory, e.g. after a reload when the key was not remembered. The page says so instead of looking ready.
 */
export function serviceNeedsKey(): boolean {
  const s = serviceState.settings;
  return serviceState.active && !serviceState.hasKey && !!s && (serviceState.keyed || isOfficialBase(s));
}

/** The grid's model id while the service is in use. */
export function serviceGridModel(): string | null {
  return serviceState.active && serviceState.settings ? serviceGridId(serviceState.settings) : null;
}

/** Counts in the service model's tokens (tiktoken for OpenAI embedding models), else the bundled tokenizer. */
async function handTokenizer(settings: EmbeddingProviderSettings): Promise<void> {
  tokenizerOwner.service = true;
  const encoding = serviceEncoding(settings.kind, settings.model);
  try {
    await useModelTokenizer(encoding ? { name: encoding, tokenizerJson: '', tiktoken: encoding, maxTokens: openAIEmbeddingModel(settings.model)?.maxInputTokens } : null);
  } catch {
    // a cancelled call: the next fresh engine worker gets the same files
  }
}

function configure(): Promise<ServiceInfo> {
  const settings = serviceState.settings;
  if (!settings) return Promise.reject(new InputError('no embedding service is chosen', 'embedding service', { code: 'no-service' }));
  const p = getClient().configure(serviceConfig($state.snapshot(settings) as EmbeddingProviderSettings, apiKey));
  configured = p;
  p.then(
    (info) => {
      if (configured === p) serviceState.info = info;
    },
    () => {
      if (configured === p) configured = null;
    },
  );
  return p;
}

/** Uses the service from now on (the grid's dense and hybrid runs, the engine's counting). */
export async function useService(settings: EmbeddingProviderSettings, key: string, remember: boolean): Promise<ServiceInfo> {
  serviceState.error = null;
  if (key) apiKey = key;
  saveKey(storage, apiKey, remember);
  serviceState.remembered = remember && apiKey !== '';
  serviceState.hasKey = apiKey !== '';
  serviceState.keyed = apiKey !== '';
  serviceState.settings = { ...settings };
  serviceState.active = true;
  confirmed = false;
  saveService(storage, { settings, active: true, keyed: serviceState.keyed });
  await handTokenizer(settings);
  try {
    return await configure();
  } catch (e) {
    serviceState.error = (e as Error)?.message ?? String(e);
    throw e;
  }
}

/** Back to the in-page model (its tokenizer counts again once it is loaded). */
export async function stopService(): Promise<void> {
  serviceState.active = false;
  if (serviceState.settings) saveService(storage, { settings: serviceState.settings, active: false, keyed: serviceState.keyed });
  tokenizerOwner.service = false;
  await handBackModelTokenizer();
}

/** Forgets the key (memory and device). */
export function forgetKey(): void {
  apiKey = '';
  saveKey(storage, '', false);
  serviceState.remembered = false;
  serviceState.hasKey = false;
  // Forgotten on purpose: the service is called without a key from now on (a local server may need none).
  serviceState.keyed = false;
  if (serviceState.settings) saveService(storage, { settings: serviceState.settings, active: serviceState.active });
  configured = null;
}

/** What the results file records: provider, model, dimensions (once known) and the base URL, no credentials. */
export async function serviceRecord(): Promise<EmbeddingProviderRecord> {
  const settings = serviceState.settings;
  if (!settings) throw new InputError('no embedding service is chosen', 'embedding service', { code: 'no-service' });
  await (configured ?? configure());
  return (await getClient().record()) ?? embeddingRecord(settings);
}

/** A new batch of runs: the estimate is shown again before anything is sent. */
export function resetServiceConfirmation(): void {
  confirmed = false;
}

/** The user's answer to the estimate (ServiceConfirm.svelte). */
export function answerPending(ok: boolean): void {
  const a = answer;
  answer = null;
  serviceState.pending = null;
  a?.(ok);
}

function abortError(): DOMException {
  return new DOMException('cancelled', 'AbortError');
}

/** Cancels the worker when `signal` aborts. */
function withSignal<T>(p: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) {
    getClient().cancel();
    return Promise.reject(abortError());
  }
  const onAbort = () => {
    getClient().cancel();
    answerPending(false);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  return p.finally(() => signal.removeEventListener('abort', onAbort));
}

/** Shows the estimate and waits for the user, once per batch; nothing to send: no question. */
async function gate(groups: { texts: string[]; kind: 'query' | 'passage' }[], signal?: AbortSignal): Promise<void> {
  const info = await withSignal(configured ?? configure(), signal);
  const plan = await withSignal(getClient().plan(groups), signal);
  if (!plan.missing) return;
  // Set up with a key that a reload dropped (not remembered): never call without it.
  if (plan.needsKey || serviceNeedsKey()) throw new InputError(`no API key: enter it in the models panel (Embedding service)`, info.id, { code: 'no-api-key' });
  if (confirmed) return;
  const ok = await withSignal(
    new Promise<boolean>((resolve) => {
      answerPending(false);
      answer = resolve;
      serviceState.pending = { id: info.id, plan };
    }),
    signal,
  );
  if (signal?.aborted) throw abortError();
  if (!ok) throw new InputError('not confirmed: nothing was sent', info.id, { code: 'not-confirmed' });
  confirmed = true;
}

/**
 * Unit vectors from the service. Passages with `queries`: the questions are embedded in the same
 * batches (so the searches after are cache hits, not one call per question).
 */
export async function serviceEmbed(texts: string[], kind: 'query' | 'passage', signal?: AbortSignal, queries?: string[]): Promise<Float32Array[]> {
  const groups = [{ texts, kind }, ...(queries?.length ? [{ texts: queries, kind: 'query' as const }] : [])];
  await gate(groups, signal);
  const id = serviceGridModel() ?? 'service';
  serviceState.working = { id, fraction: 0 };
  try {
    const out = await withSignal(getClient().embed(texts, kind, (f) => (serviceState.working = { id, fraction: f })), signal);
    if (queries?.length) await withSignal(getClient().embed(queries, 'query'), signal);
    return out.vectors;
  } finally {
    serviceState.working = null;
  }
}

// A service chosen on an earlier visit: the engine counts in its tokens from the start.
if (serviceState.active && serviceState.settings) void handTokenizer(serviceState.settings);
