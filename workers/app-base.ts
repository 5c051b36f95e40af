// Where the app is published, for code that runs in workers. A worker's own location is the built
// chunk (<app>/assets/x.js), so `./tokenizers/` there would point into assets/. With the relative
// build (vite.config.ts base './', deploy anywhere) every built chunk lies in <app>/assets/, so the
// app folder is one level up from this module; in dev (and with an absolute base) BASE_URL says it.
const BASE = import.meta.env.BASE_URL;
const HERE = import.meta.url;

/** The app's folder as an absolute URL ending in '/'. */
export function appBase(): string {
  if (BASE.startsWith('/') || /^[a-z][\w+.-]*:/i.test(BASE)) return new URL(BASE, self.location.href).href;
  return new URL('../', HERE).href;
}

/** An absolute URL for a path inside the app's folder ("tokenizers/x/", "models/"). */
export function appUrl(path: string): string {
  return new URL(path.replace(/^\/+/, ''), appBase()).href;
}
