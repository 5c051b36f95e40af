// The page's side of the service worker (src/sw/sw.ts): registers it in built pages, reloads once
// when it takes over a page that is not yet cross-origin isolated (static hosts without headers:
// the worker adds COOP/COEP, which only apply to a page loaded through it), and tells the page when
// a new build is waiting so that UpdatePrompt.svelte can offer "new version available, reload".

export const swState = $state({
  /** A new version is installed and waits for the page to say reload. */
  updateReady: false,
  /** The worker controls the page but the page is not isolated yet: a reload enables threads. */
  isolateOnReload: false,
});

const RELOAD_KEY = 'chunklab.coi-reload';
let waiting: ServiceWorker | null = null;
let applying = false;
/** Set on the first key press or click: from then on a reload would lose what the user is doing. */
let userActed = false;

/** "new version available, reload": activates the waiting worker; the page reloads when it takes over. */
export function applyUpdate(): void {
  applying = true;
  if (waiting) waiting.postMessage('chunklab:skip-waiting');
  else location.reload();
}

/** Reload now (threads after the worker took over). */
export function reloadNow(): void {
  location.reload();
}

function sessionFlag(set?: boolean): boolean {
  try {
    if (set) sessionStorage.setItem(RELOAD_KEY, '1');
    return sessionStorage.getItem(RELOAD_KEY) === '1';
  } catch {
    return true; // no sessionStorage: never risk a reload loop
  }
}

/** The worker controls the page: reload once for cross-origin isolation, or ask if the user is busy. */
function onControlled(): void {
  if (applying) return location.reload();
  if (crossOriginIsolated || !isSecureContext) return;
  if (sessionFlag()) return; // tried once this session: isolation is impossible here, stay single-threaded
  if (!userActed) {
    sessionFlag(true);
    location.reload();
  } else swState.isolateOnReload = true;
}

function watch(reg: ServiceWorkerRegistration, w: ServiceWorker | null): void {
  if (!w) return;
  const check = () => {
    // A first install has no previous controller: that is not an update.
    if (w.state === 'installed' && navigator.serviceWorker.controller) {
      waiting = w;
      swState.updateReady = true;
    }
  };
  check();
  w.addEventListener('statechange', check);
  void reg;
}

/** Registers ./sw.js (built pages only, src/sw/precache-plugin.ts; the dev server has headers and no offline cache). */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.CHUNKLAB_SW || !('serviceWorker' in navigator)) return;
  if (crossOriginIsolated) sessionFlag(false);
  for (const ev of ['keydown', 'pointerdown']) addEventListener(ev, () => (userActed = true), { once: true, capture: true });
  // COEP credentialless where the browser has it (Chromium: cross-origin no-cors files still load,
  // without cookies), else require-corp (everything the app loads is same-origin or CORS).
  const coep = 'credentialless' in HTMLIFrameElement.prototype ? 'credentialless' : 'require-corp';
  // After the page's own files: the offline copy (about 30 MB) must not slow the first paint.
  if (document.readyState !== 'complete') await new Promise((r) => addEventListener('load', r, { once: true }));
  let reg: ServiceWorkerRegistration | undefined;
  let why = 'the browser gave no registration';
  try {
    reg = await navigator.serviceWorker.register(`./sw.js?coep=${coep}`, { scope: './' });
  } catch (e) {
    why = (e as Error)?.message ?? String(e);
  }
  // A browser (or an automation tool) that refuses service workers may also resolve with nothing.
  if (!reg) {
    console.warn(`ChunkLab: no offline copy and no threads without headers (the service worker could not start: ${why})`);
    return;
  }
  const registration = reg;
  navigator.serviceWorker.addEventListener('controllerchange', onControlled);
  if (navigator.serviceWorker.controller && !crossOriginIsolated) onControlled();
  watch(registration, registration.waiting);
  registration.addEventListener('updatefound', () => watch(registration, registration.installing));
  // A page left open all day (a workshop) still hears about a new build.
  setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
}
