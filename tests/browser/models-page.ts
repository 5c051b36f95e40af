// Test-only entry (tests/browser/models-page.html): mounts the models area's components over the real
// workspace and exposes a few handles (store functions) for tests/browser/models.test.ts.
import { mount } from 'svelte';
import '../../src/app/styles.css';
import ModelPanel from '../../src/app/models/ModelPanel.svelte';
import ModelsDialog from '../../src/app/models/ModelsDialog.svelte';
import DilutionPanel from '../../src/app/lessons/DilutionPanel.svelte';
import LateVsNaivePanel from '../../src/app/lessons/LateVsNaivePanel.svelte';
import ContextPanel from '../../src/app/context/ContextPanel.svelte';
import { embedTexts, modelState, refreshStats, refreshCacheInfo } from '../../src/app/models/state.svelte.ts';
import { workspace } from '../../src/app/state/workspace.svelte.ts';
import { exportWorkspace } from '../../src/app/actions/import.svelte.ts';

declare global {
  interface Window {
    __models?: Record<string, unknown>;
  }
}

await workspace.load();
const el = (id: string) => document.getElementById(id)!;
mount(ModelPanel, { target: el('models') });
mount(DilutionPanel, { target: el('dilution') });
mount(LateVsNaivePanel, { target: el('late') });
mount(ContextPanel, { target: el('context') });
mount(ModelsDialog, { target: el('dialog') });
window.__models = { embedTexts, modelState, refreshStats, refreshCacheInfo, workspace, exportWorkspace };
el('ready').textContent = 'ready';
