// Fetches a built-in sample (public/samples/<lang>/: documents.json, the files it lists, and
// questions.json) and reads it with the engine's ChunkLab-folder reader, which validates it.
import { listedFiles, readChunklabFolder } from '../../engine/formats/index.ts';
import type { Dataset } from '../../engine/evaluation/index.ts';
import { InputError } from '../../engine/types.ts';

export type SampleLang = 'pt-BR' | 'en';

function sampleBase(lang: SampleLang): string {
  return new URL(`${import.meta.env.BASE_URL}samples/${lang}/`, location.href).href;
}

async function fetchText(url: string, where: string): Promise<string> {
  let r: Response;
  try {
    r = await fetch(url);
  } catch (e) {
    throw new InputError(`could not fetch (${e instanceof Error ? e.message : String(e)})`, where, { code: 'fetch-failed' });
  }
  if (!r.ok) throw new InputError(`HTTP ${r.status}`, where, { code: 'http-error' });
  return r.text();
}

/** Fetches and validates one sample; throws InputError naming the file that is missing or malformed. */
export async function fetchSample(lang: SampleLang, questionsFile = 'questions.json'): Promise<Dataset> {
  const base = sampleBase(lang);
  const documents = await fetchText(new URL('documents.json', base).href, `samples/${lang}/documents.json`);
  const names = listedFiles(documents);
  const texts = await Promise.all(names.map((f) => fetchText(new URL(f, base).href, `samples/${lang}/${f}`)));
  const files: Record<string, string> = {};
  names.forEach((f, i) => (files[f] = texts[i]));
  let questions: string | undefined;
  const qr = await fetch(new URL(questionsFile, base).href).catch(() => null);
  if (qr?.ok) questions = await qr.text();
  return readChunklabFolder({ documents, files, questions });
}
