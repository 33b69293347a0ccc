// The dashboard: reads the session (GET /v2/session, which also gives the
// CSRF token), then renders the shell and the page of the current path.
// Not signed in: back to /signin, which returns here afterwards.
import { render } from 'preact';
import { APIError, get, setCSRFToken, signInURL } from './api';
import { App } from './shell';
import { interceptLinks, navigate } from './router';
import type { Session } from './types';
import './style.css';

async function start(root: HTMLElement): Promise<void> {
  let session: Session;
  try {
    session = await get<Session>('/v2/session');
  } catch (error) {
    if (error instanceof APIError && error.status === 401) {
      location.assign(signInURL());
      return;
    }
    root.textContent = error instanceof Error ? error.message : 'The dashboard could not start.';
    return;
  }
  setCSRFToken(session.csrf_token);
  if (location.pathname === '/') navigate('/videos', true);
  interceptLinks(root);
  render(<App session={session} />, root);
}

const root = document.getElementById('vh-app');
if (root) void start(root);
