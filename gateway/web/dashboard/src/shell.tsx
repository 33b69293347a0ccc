// The app shell: a skip link, the header with navigation and the account
// menu, and the page of the current route in <main>. Focus moves to the
// page's heading on navigation, so screen readers hear the new page.
import { useEffect, useRef, useState } from 'preact/hooks';
import { del } from './api';
import { match, useLocation, type Route } from './router';
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

const sections = [
  { href: '/videos', label: 'Videos', pages: ['videos', 'video'] },
  { href: '/live', label: 'Live', pages: ['live', 'liveEvent'] },
  { href: '/upload', label: 'Upload', pages: ['upload'] },
  { href: '/folders', label: 'Folders', pages: ['folders'] },
  { href: '/categories', label: 'Categories', pages: ['categories'] },
  { href: '/players', label: 'Players', pages: ['players', 'player'] },
  { href: '/analytics', label: 'Analytics', pages: ['analytics'] },
  { href: '/developers/keys', label: 'API keys', pages: ['keys'] },
  { href: '/developers/jwt-keys', label: 'JWT keys', pages: ['jwtkeys'] },
  { href: '/developers/hooks', label: 'Hooks', pages: ['hooks', 'hook'] },
  { href: '/developers/services', label: 'Services', pages: ['services', 'service'] },
  { href: '/team', label: 'Team', pages: ['team', 'sso'] },
  { href: '/account', label: 'Account', pages: ['account', 'security', 'auditlog'] },
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
  return (
    <>
      <a class="vh-skip" href="#vh-main">Skip to content</a>
      <header class="vh-header">
        <a class="vh-brand" href="/videos">Vidhost</a>
        <button
          type="button"
          class="vh-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="vh-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <nav id="vh-nav" class={menuOpen ? 'vh-nav vh-nav-open' : 'vh-nav'} aria-label="Main">
          <ul>
            {sections.map((section) => (
              <li key={section.href}>
                <a href={section.href} aria-current={section.pages.includes(route.page) ? 'page' : undefined}>
                  {section.label}
                </a>
              </li>
            ))}
            <li><a href="/docs/api">API reference</a></li>
          </ul>
          <AccountMenu session={session} />
        </nav>
      </header>
      <main id="vh-main" ref={mainRef} class="vh-main">
        {session.mfa_enrolment_required && <EnrolmentRequired />}
        {!session.mfa_enrolment_required && <Page route={route} url={url} role={session.role} />}
        {!session.mfa_enrolment_required && <TeamPages route={route} url={url} session={session} />}
      </main>
    </>
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
      {route.page === 'missing' && <h1>Page not found</h1>}
    </>
  );
}

/** TeamPages are the Team and Account sections' pages, which need the session's user. */
function TeamPages({ route, url, session }: { route: Route; url: URL; session: Session }) {
  return (
    <>
      {route.page === 'team' && <TeamPage role={session.role} userID={session.user_id} />}
      {route.page === 'sso' && <SSOPage role={session.role} />}
      {route.page === 'account' && <AccountPage role={session.role} />}
      {route.page === 'security' && <SecurityPage role={session.role} userID={session.user_id} />}
      {route.page === 'auditlog' && <AuditLogPage role={session.role} url={url} />}
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
        <span class="vh-visually-hidden">Account: </span>
        {session.email}
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
