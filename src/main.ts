// Entry point: global styles, then the Svelte app.
import { mount } from 'svelte';
import './app/styles.css';
import App from './app/App.svelte';

const app = mount(App, { target: document.getElementById('app')! });
export default app;
