// A small history router: the gateway serves the same page for every route
// below (gateway/web/dashboard.go lists them), and this module maps the path
// to a page and keeps links from reloading it.
import { useEffect, useState } from 'preact/hooks';

export type Route =
  | { page: 'videos' }
  | { page: 'video'; id: string }
  | { page: 'upload' }
  | { page: 'live' }
  | { page: 'liveEvent'; id: string }
  | { page: 'keys' }
  | { page: 'jwtkeys' }
  | { page: 'hooks' }
  | { page: 'hook'; id: string }
  | { page: 'folders' }
  | { page: 'categories' }
  | { page: 'analytics' }
  | { page: 'players' }
  | { page: 'player'; id: string }
  | { page: 'services' }
  | { page: 'service'; id: string }
  | { page: 'team' }
  | { page: 'sso' }
  | { page: 'account' }
  | { page: 'security' }
  | { page: 'auditlog' }
  | { page: 'missing' };

export function match(path: string): Route {
  if (path === '/' || path === '/videos') return { page: 'videos' };
  const video = /^\/videos\/([A-Za-z0-9_-]{1,64})$/.exec(path);
  if (video) return { page: 'video', id: video[1] };
  if (path === '/upload') return { page: 'upload' };
  if (path === '/live') return { page: 'live' };
  const liveEvent = /^\/live\/([A-Za-z0-9_-]{1,64})$/.exec(path);
  if (liveEvent) return { page: 'liveEvent', id: liveEvent[1] };
  if (path === '/developers' || path === '/developers/keys') return { page: 'keys' };
  if (path === '/developers/jwt-keys') return { page: 'jwtkeys' };
  if (path === '/developers/hooks') return { page: 'hooks' };
  const hook = /^\/developers\/hooks\/([A-Za-z0-9_-]{1,64})$/.exec(path);
  if (hook) return { page: 'hook', id: hook[1] };
  if (path === '/folders') return { page: 'folders' };
  if (path === '/categories') return { page: 'categories' };
  if (path === '/analytics') return { page: 'analytics' };
  if (path === '/players') return { page: 'players' };
  const player = /^\/players\/([A-Za-z0-9_-]{1,64})$/.exec(path);
  if (player) return { page: 'player', id: player[1] };
  if (path === '/developers/services') return { page: 'services' };
  const service = /^\/developers\/services\/([A-Za-z0-9_-]{1,64})$/.exec(path);
  if (service) return { page: 'service', id: service[1] };
  const team = teamRoutes[path];
  if (team) return { page: team };
  return { page: 'missing' };
}

/** teamRoutes are the Team and Account sections' pages (pages/team-tabs.tsx). */
const teamRoutes: Record<string, 'team' | 'sso' | 'account' | 'security' | 'auditlog'> = {
  '/team': 'team',
  '/team/sso': 'sso',
  '/account': 'account',
  '/account/security': 'security',
  '/account/audit-log': 'auditlog',
};

const listeners = new Set<() => void>();

/** navigate shows path without reloading (replace: no new history entry). */
export function navigate(path: string, replace = false): void {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  listeners.forEach((listener) => listener());
}

/** useLocation re-renders on every navigation, back and forward included. */
export function useLocation(): URL {
  const [url, setURL] = useState(() => new URL(location.href));
  useEffect(() => {
    const update = () => setURL(new URL(location.href));
    listeners.add(update);
    addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      removeEventListener('popstate', update);
    };
  }, []);
  return url;
}

/** interceptLinks turns clicks on same-origin links into navigate(). */
export function interceptLinks(root: HTMLElement): void {
  root.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a');
    if (!link || link.target || link.hasAttribute('download') || link.origin !== location.origin) return;
    // /signout, /docs/api, /watch: real pages. The sidebar names only the
    // dashboard's own routes, so its links stay in the page even before a
    // route has one (the shell's friendly "not found").
    const inApp = match(link.pathname).page !== 'missing' || (link.closest('#vh-nav') && !link.pathname.startsWith('/docs/'));
    if (!inApp) return;
    event.preventDefault();
    navigate(link.pathname + link.search);
  });
}
