// The app shell: a skip link, the sidebar (navigation grouped by task; a
// drawer behind the Menu button on narrow screens), the top bar with the
// video search, Upload and the account menu, and the page of the current
// route in <main>. Focus moves to the page's heading on navigation, so
// screen readers hear the new page.
import { useEffect, useRef, useState } from 'preact/hooks';
import { del } from './api';
import { match, navigate, useLocation, type Route } from './router';
import type { Session } from './types';
import { VideosPage } from './pages/videos';
import { VideoPage } from './pages/video';
import { UploadPage } from './pages/upload';
import { KeysPage } from './pages/keys';
import { JWTKeysPage } from './pages/jwtkeys';
import { HookPage, HooksPage } from './pages/hooks';
import { CategoriesPage, FoldersPage } from './pages/collections';
import { AnalyticsPage } from './pages/analytics';
import { PlayerPage, PlayersPage } from './pages/players';
import { ServicePage, ServicesPage } from './pages/services';
import { TeamPage } from './pages/team';
import { SSOPage } from './pages/sso';
import { AccountPage } from './pages/account';
import { MfaEnrolment, SecurityPage } from './pages/security';
import { AuditLogPage } from './pages/auditlog';
import { LivePage } from './pages/live/list';
import { LiveEventPage } from './pages/live/event';

/**
 * navGroups is the sidebar, grouped by task. pages are the routes under each
 * entry, so the entry stays marked on their sub-pages. Live's pages come
 * with the live section (src/pages/live/); until a route has a page, the
 * shell shows its friendly "not found".
 */
const navGroups: { title: string; items: { href: string; label: string; pages: string[] }[] }[] = [
  {
    title: 'Library',
    items: [
      { href: '/videos', label: 'Videos', pages: ['videos', 'video', 'upload'] },
      { href: '/live', label: 'Live', pages: ['live', 'liveEvent'] },
      { href: '/folders', label: 'Folders', pages: ['folders'] },
      { href: '/categories', label: 'Categories', pages: ['categories'] },
    ],
  },
  { title: 'Player', items: [{ href: '/players', label: 'Players', pages: ['players', 'player'] }] },
  { title: 'Insights', items: [{ href: '/analytics', label: 'Analytics', pages: ['analytics'] }] },
  {
    title: 'Developers',
    items: [
      { href: '/developers/keys', label: 'API keys', pages: ['keys'] },
      { href: '/developers/jwt-keys', label: 'JWT keys', pages: ['jwtkeys'] },
      { href: '/developers/hooks', label: 'Webhooks', pages: ['hooks', 'hook'] },
      { href: '/developers/services', label: 'Services', pages: ['services', 'service'] },
    ],
  },
  {
    title: 'Settings',
    items: [
      { href: '/team', label: 'Team', pages: ['team', 'sso'] },
      { href: '/account', label: 'Account', pages: ['account', 'auditlog'] },
      { href: '/account/security', label: 'Security', pages: ['security'] },
    ],
  },
];

export function App({ session }: { session: Session }) {
  const url = useLocation();
  const route = match(url.pathname);
  const mainRef = useRef<HTMLElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const firstPathRef = useRef(url.pathname);
  useEffect(() => {
    setMenuOpen(false);
    if (url.pathname === firstPathRef.current) return; // a fresh load starts at the top, as any page
    firstPathRef.current = '';
    const heading = mainRef.current?.querySelector('h1');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  }, [url.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    // The drawer closes with Escape, focus back on the button that opened it.
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      document.querySelector<HTMLElement>('.vh-menu-toggle')?.focus();
    };
    addEventListener('keydown', close);
    return () => removeEventListener('keydown', close);
  }, [menuOpen]);
  return (
    <>
      <a class="vh-skip" href="#vh-main">Skip to content</a>
      <div class="vh-frame">
        <div class={menuOpen ? 'vh-sidebar vh-sidebar-open' : 'vh-sidebar'}>
          <Brand />
          <nav id="vh-nav" class="vh-nav" aria-label="Main">
            {navGroups.map((group) => (
              <div class="vh-nav-group" key={group.title}>
                <div class="vh-nav-title" id={`vh-nav-${group.title.toLowerCase()}`}>{group.title}</div>
                <ul aria-labelledby={`vh-nav-${group.title.toLowerCase()}`}>
                  {group.items.map((item) => (
                    <li key={item.href}>
                      <a href={item.href} aria-current={item.pages.includes(route.page) ? 'page' : undefined}>{item.label}</a>
                    </li>
                  ))}
                  {group.title === 'Developers' && (
                    <li><a href="/docs/api" class="vh-nav-external">API reference</a></li>
                  )}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div class="vh-scrim" aria-hidden="true" onClick={() => setMenuOpen(false)} />
        <div class="vh-body">
          <header class="vh-topbar">
            <button type="button" class="vh-button vh-menu-toggle" aria-expanded={menuOpen} aria-controls="vh-nav"
              onClick={() => setMenuOpen(!menuOpen)}>
              Menu
            </button>
            <Brand />
            <SearchVideos url={url} />
            <div class="vh-topbar-end">
              <a class="vh-button vh-button-primary" href="/upload" aria-label="Upload videos">
                <span aria-hidden="true">+</span><span class="vh-upload-label">Upload</span>
              </a>
              <AccountMenu session={session} />
            </div>
          </header>
          <main id="vh-main" ref={mainRef} class="vh-main">
            {session.mfa_enrolment_required && <EnrolmentRequired />}
            {!session.mfa_enrolment_required && <Page route={route} url={url} role={session.role ?? 'viewer'} />}
            {!session.mfa_enrolment_required && <TeamPages route={route} url={url} session={session} />}
          </main>
        </div>
      </div>
    </>
  );
}

function Brand() {
  return (
    <a class="vh-brand" href="/videos">
      <span class="vh-brand-mark" aria-hidden="true">▶</span><span class="vh-brand-name">Vidhost</span>
      <span class="vh-visually-hidden"> (your videos)</span>
    </a>
  );
}

/**
 * SearchVideos is the top bar's search: it opens the video list filtered by
 * the words (the list's own search filter), from any page.
 */
function SearchVideos({ url }: { url: URL }) {
  const onList = match(url.pathname).page === 'videos';
  const current = onList ? url.searchParams.get('search') ?? '' : '';
  const submit = (event: Event) => {
    event.preventDefault();
    const words = (new FormData(event.currentTarget as HTMLFormElement).get('q') as string).trim();
    const query = new URLSearchParams(onList ? url.search : '');
    query.delete('cursor');
    if (words) query.set('search', words);
    else query.delete('search');
    const search = query.toString();
    navigate('/videos' + (search ? '?' + search : ''));
  };
  return (
    <form class="vh-search" role="search" aria-label="Videos" onSubmit={submit}>
      <label for="vh-global-search" class="vh-visually-hidden">Search videos by name</label>
      <input id="vh-global-search" key={current} name="q" type="search" placeholder="Search videos" defaultValue={current} maxLength={100} />
    </form>
  );
}

/** Page is the route's page. */
function Page({ route, url, role }: { route: Route; url: URL; role: string }) {
  return (
    <>
      {route.page === 'videos' && <VideosPage url={url} role={role} />}
      {route.page === 'video' && <VideoPage id={route.id} />}
      {route.page === 'upload' && <UploadPage />}
      {route.page === 'live' && <LivePage role={role} />}
      {route.page === 'liveEvent' && <LiveEventPage id={route.id} role={role} />}
      {route.page === 'keys' && <KeysPage role={role} />}
      {route.page === 'jwtkeys' && <JWTKeysPage role={role} />}
      {route.page === 'hooks' && <HooksPage role={role} />}
      {route.page === 'hook' && <HookPage id={route.id} />}
      {route.page === 'folders' && <FoldersPage role={role} />}
      {route.page === 'categories' && <CategoriesPage role={role} />}
      {route.page === 'analytics' && <AnalyticsPage url={url} />}
      {route.page === 'players' && <PlayersPage role={role} />}
      {route.page === 'player' && <PlayerPage id={route.id} role={role} />}
      {route.page === 'services' && <ServicesPage role={role} />}
      {route.page === 'service' && <ServicePage id={route.id} />}
      {route.page === 'missing' && <NotFound path={url.pathname} />}
    </>
  );
}

/** TeamPages are the Team and Account sections' pages, which need the session's user. */
function TeamPages({ route, url, session }: { route: Route; url: URL; session: Session }) {
  return (
    <>
      {route.page === 'team' && <TeamPage role={session.role ?? 'viewer'} userID={session.user_id} />}
      {route.page === 'sso' && <SSOPage role={session.role ?? 'viewer'} />}
      {route.page === 'account' && <AccountPage role={session.role ?? 'viewer'} />}
      {route.page === 'security' && <SecurityPage role={session.role ?? 'viewer'} userID={session.user_id} />}
      {route.page === 'auditlog' && <AuditLogPage role={session.role ?? 'viewer'} url={url} />}
    </>
  );
}

/**
 * EnrolmentRequired: the account requires multi-factor codes and this user
 * has none, so every /v2 call but enrolment answers mfa_enrolment_required
 * (docs/authentication.md): the page is enrolment, then the dashboard.
 */
function EnrolmentRequired() {
  return (
    <section class="vh-page">
      <h1>Set up multi-factor sign-in</h1>
      <p class="vh-note">
        Your account requires a code from an authenticator app at sign-in. Until you set one up, the dashboard
        cannot show your videos. Set it up below.
      </p>
      <MfaEnrolment onDone={() => location.assign('/videos')} />
    </section>
  );
}

/** NotFound is a route without a page: said plainly, with the way back. */
function NotFound({ path }: { path: string }) {
  return (
    <section class="vh-page vh-not-found">
      <h1>Page not found</h1>
      <p>There is no page at <code>{path}</code> in this dashboard, or not yet.</p>
      <p class="vh-actions"><a class="vh-button vh-button-primary" href="/videos">Go to your videos</a></p>
    </section>
  );
}

/** AccountMenu: who is signed in, with which role, and sign-out. */
function AccountMenu({ session }: { session: Session }) {
  const [signingOut, setSigningOut] = useState(false);
  const signOut = async () => {
    setSigningOut(true);
    try {
      await del('/v2/session');
    } finally {
      location.assign('/signin');
    }
  };
  return (
    <details class="vh-account">
      <summary>
        <span class="vh-avatar" aria-hidden="true">{(session.email ?? '').slice(0, 1)}</span>
        <span class="vh-visually-hidden">Account: </span>
        <span class="vh-account-email">{session.email}</span>
      </summary>
      <div class="vh-account-panel">
        <p>Signed in as <strong>{session.email}</strong> ({session.role})</p>
        <p><a href="/account/security">Your sign-in security…</a></p>
        <button type="button" class="vh-button" onClick={() => void signOut()} disabled={signingOut}>Sign out</button>
        <p><a href="/signout">Sign out on every device…</a></p>
      </div>
    </details>
  );
}
