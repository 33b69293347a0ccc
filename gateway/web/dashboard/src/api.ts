// The one way the dashboard talks to Vidhost: @vidhost/sdk's client over
// the public /v2 API with the session cookie (sent by the browser, HttpOnly)
// and, on every request that changes something, the session's CSRF token
// (docs/authentication.md). There is no other endpoint behind the pages, and
// the envelope, its errors and its pages are the SDK's, so every dashboard
// test exercises the SDK.
import { Vidhost, VidhostError, refusal as sdkRefusal, type Page as SDKPage, type Problem } from '@vidhost/sdk';

/** One error of the envelope: `message` names the rule, `field` the request field it is about. */
export type APIProblem = Problem;

/** A refused request: the envelope's first error, and all of them (the SDK's VidhostError). */
export const APIError = VidhostError;
export type APIError = VidhostError;

/**
 * fieldErrors splits a refusal between a form's fields: each message goes
 * beside the field it names, the rest ('' key) above the form's button.
 */
export function fieldErrors(error: unknown, fields: string[]): Record<string, string> {
  const out: Record<string, string> = { '': '' };
  if (!(error instanceof APIError)) {
    out[''] = String(error instanceof Error ? error.message : error);
    return out;
  }
  // Exact names first (filters[0].operator beside that operator), then an
  // element's error with no field of its own goes to its list (filters).
  const placed = new Set<APIProblem>();
  const place = (field: string, test: (p: APIProblem) => boolean) => {
    const mine = error.problems.filter((p) => !placed.has(p) && test(p));
    mine.forEach((p) => placed.add(p));
    out[field] = [out[field], ...mine.map((p) => p.message)].filter(Boolean).join(' ');
  };
  for (const field of fields) place(field, (p) => p.field === field || (!p.field && p.message.startsWith(field + ' ')));
  for (const field of fields) place(field, (p) => (p.field ?? '').startsWith(field + '[') || (p.field ?? '').startsWith(field + '.'));
  const rest = error.problems.filter((p) => !placed.has(p)).map((p) => p.message);
  out[''] = rest.length ? rest.join(' ') : error.problems.length ? '' : error.message;
  return out;
}

/** A page of a list and the cursor of the next one ("" on the last page). */
export type Page<T> = SDKPage<T>;

let csrfToken = '';

/** setCSRFToken keeps the session's token for the requests that need it. */
export function setCSRFToken(token: string): void {
  csrfToken = token;
}

export function csrfHeader(): Record<string, string> {
  return { 'X-CSRF-Token': csrfToken };
}

/** signInURL is /signin that comes back to where the visitor was. */
export function signInURL(): string {
  const here = location.pathname + location.search;
  return '/signin?next=' + encodeURIComponent(here);
}

/**
 * client is the page's SDK client. No retries: a person sees a failure at
 * once and chooses to try again, as before the SDK.
 */
export const client = new Vidhost({
  credentials: 'same-origin',
  unsafeHeaders: csrfHeader,
  retry: { maxAttempts: 1 },
  onRefusal: (error) => {
    if (error.status === 401 && error.code === 'session_invalid') location.assign(signInURL()); // sign in again and come back
  },
});

/** refusal is the APIError of a failed envelope's errors (the first one names it). */
export function refusal(status: number, errors: APIProblem[] | undefined): APIError {
  return sdkRefusal(status, errors);
}

/** get reads one resource. */
export function get<T>(path: string): Promise<T> {
  return client.get<T>(path);
}

/** list reads one page of a list; cursor "" is the first page. */
export function list<T>(path: string, params: Record<string, string>, cursor = ''): Promise<Page<T>> {
  return client.list<T>(path, params, cursor);
}

export function post<T>(path: string, body: unknown): Promise<T> {
  return client.post<T>(path, body);
}

export function patch<T>(path: string, body: unknown): Promise<T> {
  return client.patch<T>(path, body);
}

export function put<T>(path: string, body: unknown): Promise<T> {
  return client.put<T>(path, body);
}

export function del(path: string): Promise<void> {
  return client.delete(path);
}

/** all reads every page of a list (the account-wide lists are short; 25 is the API's largest page). */
export function all<T>(path: string): Promise<T[]> {
  return client.all<T>(path, { limit: 25 });
}
