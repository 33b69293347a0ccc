// The one way the dashboard talks to Vidhost: the public /v2 API with the
// session cookie (sent by the browser, HttpOnly) and, on every request that
// changes something, the session's CSRF token (docs/authentication.md).
// There is no other endpoint behind the pages.

/** One error of the envelope: `message` names the rule, `field` the request field it is about. */
export interface APIProblem {
  code: string;
  message: string;
  field?: string;
}

/** A refused request: the envelope's first error, and all of them. */
export class APIError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly problems: APIProblem[] = [],
  ) {
    super(message);
  }

  /** Whether the message is about field (messages start with the field's name). */
  names(field: string): boolean {
    return this.problems.some((p) => p.field === field || p.message.startsWith(field + ' '));
  }

  /** The messages about field (the envelope's `field`, or a message naming it), joined. */
  about(field: string): string {
    return this.problems
      .filter((p) => p.field === field || (p.field ?? '').startsWith(field + '[') || p.message.startsWith(field + ' '))
      .map((p) => p.message)
      .join(' ');
  }
}

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

interface Envelope<T> {
  success: boolean;
  result: T;
  links: { next?: string };
  errors: APIProblem[];
}

/** A page of a list and the cursor of the next one ("" on the last page). */
export interface Page<T> {
  items: T[];
  next: string;
}

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

const safeMethods = new Set(['GET', 'HEAD']);

async function send<T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (!safeMethods.has(method)) Object.assign(headers, csrfHeader());
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new APIError(0, 'network', 'The server could not be reached: check the connection and try again.');
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new APIError(response.status, 'internal', `The server answered ${response.status} without a result.`);
  }
  if (response.status === 401 && envelope.errors?.[0]?.code === 'session_invalid') {
    location.assign(signInURL()); // the session ended: sign in again and come back
  }
  if (!envelope.success) throw refusal(response.status, envelope.errors);
  return envelope;
}

/** refusal is the APIError of a failed envelope's errors (the first one names it). */
export function refusal(status: number, errors: APIProblem[] | undefined): APIError {
  const first = errors?.[0] ?? { code: 'internal', message: 'Something went wrong.' };
  return new APIError(status, first.code, first.message, errors ?? []);
}

/** get reads one resource. */
export async function get<T>(path: string): Promise<T> {
  return (await send<T>('GET', path)).result;
}

/** list reads one page of a list; cursor "" is the first page. */
export async function list<T>(path: string, params: Record<string, string>, cursor = ''): Promise<Page<T>> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  if (cursor) query.set('cursor', cursor);
  const envelope = await send<T[]>('GET', `${path}?${query}`);
  const next = envelope.links.next ? new URL(envelope.links.next, location.href).searchParams.get('cursor') ?? '' : '';
  return { items: envelope.result, next };
}

export async function post<T>(path: string, body: unknown): Promise<T> {
  return (await send<T>('POST', path, body)).result;
}

export async function patch<T>(path: string, body: unknown): Promise<T> {
  return (await send<T>('PATCH', path, body)).result;
}

export async function put<T>(path: string, body: unknown): Promise<T> {
  return (await send<T>('PUT', path, body)).result;
}

export async function del(path: string): Promise<void> {
  await send<unknown>('DELETE', path);
}

/** all reads every page of a list (the account-wide lists are short). */
export async function all<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  let cursor = '';
  do {
    const page = await list<T>(path, { limit: '25' }, cursor); // 25: the API's largest page
    items.push(...page.items);
    cursor = page.next;
  } while (cursor);
  return items;
}
