// Offline use and threads on static hosts: registers the service worker and mounts its prompt.
// Imported once by src/main.ts.
import { mount } from 'svelte';
import UpdatePrompt from './UpdatePrompt.svelte';
import { registerServiceWorker } from './service-worker.svelte.ts';

const host = document.createElement('div');
host.id = 'sw-prompt';
document.body.append(host);
mount(UpdatePrompt, { target: host });
void registerServiceWorker();
