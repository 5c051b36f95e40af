// Offline use and threads on static hosts: startOffline() registers the service worker and mounts its
// prompt. src/main.ts calls it once, before the app mounts; importing this module does nothing.
import { mount } from 'svelte';
import UpdatePrompt from './UpdatePrompt.svelte';
import { registerServiceWorker } from './service-worker.svelte.ts';

let started = false;

/** Mounts the "new version" prompt in its own element and registers the service worker; a second call does nothing. */
export function startOffline(): void {
  if (started) return;
  started = true;
  const host = document.createElement('div');
  host.id = 'sw-prompt';
  document.body.append(host);
  mount(UpdatePrompt, { target: host });
  void registerServiceWorker();
}
