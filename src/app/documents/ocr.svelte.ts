// The import's OCR settings: the languages scanned pages are read in (the installed models, from the
// build's ocr/manifest.json: src/sw/ocr-data-plugin.ts), kept in this browser; and which models the
// user already agreed to download, so the size is stated and asked only before the first load. The
// agreement holds for the OCR files of one version (the manifest's hash of them): the service worker
// keeps those files across page versions, and a deploy that changes them asks again (their download
// is a new one).
import type { OcrManifest } from '../../sw/ocr-data-plugin.ts';
import { DEFAULT_OCR_LANG } from '../../engine/documents/index.ts';
export { languageChoices } from './ocr-progress.ts';

const LANG_KEY = 'chunklab.ocrLang';
const CONSENT_KEY = 'chunklab.ocrModels';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the choice lasts for this visit.
  }
}

/** The languages chosen for OCR (Tesseract codes joined by "+"). */
export const ocrLanguage = $state({ value: stored(LANG_KEY) || DEFAULT_OCR_LANG });

export function chooseOcrLanguage(lang: string): void {
  ocrLanguage.value = lang;
  store(LANG_KEY, lang);
}

/** The build's OCR files (null until read; `error` when this copy of the page has none). */
export const ocrFiles = $state<{ manifest: OcrManifest | null; error: boolean }>({ manifest: null, error: false });
let loading: Promise<void> | null = null;

export function loadOcrManifest(): Promise<void> {
  loading ??= (async () => {
    try {
      const res = await fetch(new URL('ocr/manifest.json', document.baseURI));
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      ocrFiles.manifest = (await res.json()) as OcrManifest;
      ocrFiles.error = false;
    } catch {
      ocrFiles.error = true;
      loading = null;
    }
  })();
  return loading;
}

/** The models agreed to, for the OCR files of `version` (an agreement for other files, or in an older form, is none). */
function consentedCodes(version: string): string[] {
  try {
    const v = JSON.parse(stored(CONSENT_KEY) ?? 'null') as { version?: unknown; codes?: unknown } | null;
    if (!v || typeof v !== 'object' || v.version !== version || !Array.isArray(v.codes)) return [];
    return v.codes.filter((c): c is string => typeof c === 'string');
  } catch {
    return [];
  }
}

/** True when every model of `codes` was loaded with the user's consent before (in this browser), in this version of the OCR files. */
export function consented(codes: readonly string[], version: string): boolean {
  const have = consentedCodes(version);
  return codes.every((c) => have.includes(c));
}

export function noteConsent(codes: readonly string[], version: string): void {
  store(CONSENT_KEY, JSON.stringify({ version, codes: [...new Set([...consentedCodes(version), ...codes])] }));
}
