// Hash routes (#/workspace, #/inspector, …): a static page needs no server-side routing, and each
// view gets an address that survives reload and works with the browser's back button.
export const VIEWS = ['workspace', 'inspector', 'search', 'experiments', 'results', 'lessons'] as const;
export type ViewId = (typeof VIEWS)[number];

function parse(hash: string): ViewId {
  const name = hash.replace(/^#\/?/, '').split(/[/?]/)[0];
  return (VIEWS as readonly string[]).includes(name) ? (name as ViewId) : 'workspace';
}

export const route = $state({ view: parse(typeof location === 'undefined' ? '' : location.hash) });

export function startRouter(): () => void {
  const on = () => {
    route.view = parse(location.hash);
  };
  window.addEventListener('hashchange', on);
  return () => window.removeEventListener('hashchange', on);
}

export function go(view: ViewId): void {
  if (location.hash !== `#/${view}`) location.hash = `#/${view}`;
  route.view = view;
}
