// A model folder picked from disk, served to transformers.js as if the app hosted it under
// <app>/models/chunklab-local/<slug>/: the embedding runner and the llm worker's in-page text model
// both load picked folders this way (transformers.js reads files only through fetch).

export const LOCAL_PREFIX = 'chunklab-local';

export interface PickedModel {
  slug: string;
  files: Map<string, Blob>;
}

/** Strips the picked folder's own name: "my-model/onnx/model.onnx" → "onnx/model.onnx". */
export function relativePaths(files: { path: string; data: Blob }[]): Map<string, Blob> {
  const norm = files.map((f) => ({ path: f.path.replace(/\\/g, '/').replace(/^\/+/, ''), data: f.data }));
  const hasTop = norm.length > 0 && !norm.some((f) => f.path === 'config.json') && norm.every((f) => f.path.includes('/'));
  const top = hasTop ? norm[0].path.slice(0, norm[0].path.indexOf('/') + 1) : '';
  const strip = hasTop && norm.every((f) => f.path.startsWith(top));
  return new Map(norm.map((f) => [strip ? f.path.slice(top.length) : f.path, f.data]));
}

/** A file-safe name for a picked folder. */
export function folderSlug(name: string): string {
  return name.replace(/[^\w.-]+/g, '_') || 'model';
}

/**
 * The picked file a request asks for (404 when the folder lacks it), or null when the request is not
 * for it. `modelsPath`: the path transformers.js reads local models under (env.localModelPath).
 */
export function pickedResponse(url: URL, picked: PickedModel | null, origin: string, modelsPath: string): Response | null {
  const base = picked ? `${modelsPath}${LOCAL_PREFIX}/${picked.slug}/` : '';
  if (!picked || url.origin !== origin || !url.pathname.startsWith(base)) return null;
  const blob = picked.files.get(decodeURIComponent(url.pathname.slice(base.length)));
  return blob ? new Response(blob, { status: 200, headers: { 'content-length': String(blob.size) } }) : new Response(null, { status: 404 });
}
