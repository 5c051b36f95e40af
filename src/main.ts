// Entry point: global styles, then the Svelte app.
import { mount } from 'svelte';
import './app/styles.css';
import App from './app/App.svelte';
import './app/offline/index.ts';

const app = mount(App, { target: document.getElementById('app')! });
export default app;
