// Entry point: global styles, the service worker and its prompt, then the Svelte app.
import { mount } from 'svelte';
import './app/styles.css';
import App from './app/App.svelte';
import { startOffline } from './app/offline/index.ts';

startOffline();
const app = mount(App, { target: document.getElementById('app')! });
export default app;
