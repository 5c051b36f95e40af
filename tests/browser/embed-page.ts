// Test-only entry (tests/browser/embed-page.html): puts the embedding worker's client where the
// browser tests can reach it, without touching the playground's UI.
import { createEmbedClient } from '../../src/app/bridge/embed.ts';

declare global {
  interface Window {
    __chunklabTest?: { createEmbedClient: typeof createEmbedClient };
  }
}

window.__chunklabTest = { createEmbedClient };
document.getElementById('ready')!.textContent = 'ready';
