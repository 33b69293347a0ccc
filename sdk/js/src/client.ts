// The hand-written client over fetch: one request function that adds the
// credentials, unwraps the envelope, turns failures into VidhostError and
// retries what is safe to retry. Everything else (pages, resources, tus) is
// built on it, so browsers and Node behave the same.
import { refusal, VidhostError, type Problem } from './errors.js';
import { defaultRetryPolicy, repeatable, retryable, retryDelay, sleep, type RetryPolicy } from './retry.js';

/** ClientOptions configures a Client; every field is optional in a browser page on the API's origin. */
export interface ClientOptions {
  /** The server's origin, e.g. "https://video.example.com"; "" means the page's own origin. */
  baseURL?: string;
  /** An API key or an upload token (vht_…), sent as `Authorization: Bearer`. Never put an API key in a page. */
  apiKey?: string;
  /** fetch's credentials mode: "same-origin" (the default) sends a session cookie only to the page's origin. */
  credentials?: RequestCredentials;
  /** Extra headers for requests that change something (the dashboard's CSRF token). */
  unsafeHeaders?: () => Record<string, string>;
  /** Called with every refusal before it is thrown (the dashboard signs in again on session_invalid). */
  onRefusal?: (error: VidhostError) => void;
  /** How requests are retried; { maxAttempts: 1 } turns retries off. */
  retry?: Partial<RetryPolicy>;
  /** The fetch to use (tests, proxies); globalThis.fetch by default. */
  fetch?: typeof fetch;
}

/** RequestOptions are one request's query, body and extras. */
export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Makes a POST safe to repeat: the server answers a repeated key with the first answer (docs/idempotency.md). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** Envelope is the /v2 response body (docs/api-reference.md). */
export interface Envelope<T> {
  success: boolean;
  result: T;
  links: { next?: string };
  errors: Problem[];
}

/** Page is one page of a list and the cursor of the next one ("" on the last page). */
export interface Page<T> {
  items: T[];
  next: string;
}

const safeMethods = new Set(['GET', 'HEAD']);

/** Client calls the /v2 API. */
export class Client {
  readonly baseURL: string;
  readonly retry: RetryPolicy;
  private readonly options: ClientOptions;
  private readonly fetchImpl: typeof fetch;

  constructor(options: ClientOptions = {}) {
    this.options = options;
    this.baseURL = (options.baseURL ?? '').replace(/\/+$/, '');
    this.retry = { ...defaultRetryPolicy, ...options.retry };
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /** url is path on the server, with query's non-empty values. */
  url(path: string, query: RequestOptions['query'] = {}): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
    const search = params.toString();
    return this.baseURL + path + (search ? '?' + search : '');
  }

  /** headers are the credentials (and, for unsafe methods, the extra headers) of a request. */
  headers(method: string): Headers {
    const headers = new Headers();
    if (this.options.apiKey) headers.set('Authorization', 'Bearer ' + this.options.apiKey);
    if (!safeMethods.has(method)) for (const [k, v] of Object.entries(this.options.unsafeHeaders?.() ?? {})) headers.set(k, v);
    return headers;
  }

  /** send makes one HTTP request with the client's credentials and retries; it does not read the body. */
  async send(method: string, target: string, init: { headers?: Headers; body?: BodyInit | null; signal?: AbortSignal } = {}): Promise<Response> {
    const headers = this.headers(method);
    init.headers?.forEach((value, name) => headers.set(name, value));
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= this.retry.maxAttempts || !repeatable(method, headers);
      let response: Response;
      try {
        response = await this.fetchImpl(target, { method, headers, body: init.body, signal: init.signal, credentials: this.options.credentials ?? 'same-origin' });
      } catch (cause) {
        if (init.signal?.aborted) throw cause;
        if (last) throw new VidhostError(0, 'network', 'The server could not be reached: check the connection and try again.');
        await sleep(retryDelay(this.retry, attempt), init.signal);
        continue;
      }
      if (last || !retryable(response.status)) return response;
      await response.body?.cancel();
      await sleep(retryDelay(this.retry, attempt, response), init.signal);
    }
  }

  /** sendOnce makes one HTTP request with the client's credentials, never retried. */
  async sendOnce(method: string, target: string, init: { headers?: Headers; body?: BodyInit | null; signal?: AbortSignal } = {}): Promise<Response> {
    const headers = this.headers(method);
    init.headers?.forEach((value, name) => headers.set(name, value));
    return this.fetchImpl(target, { method, headers, body: init.body, signal: init.signal, credentials: this.options.credentials ?? 'same-origin' });
  }

  /** request calls method path and returns the unwrapped envelope, or throws a VidhostError. */
  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
    const headers = new Headers();
    if (options.body !== undefined) headers.set('Content-Type', 'application/json');
    if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
    const response = await this.send(method, this.url(path, options.query), {
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    return this.unwrap<T>(response);
  }

  /** unwrap reads a response's envelope, throwing its refusal. */
  async unwrap<T>(response: Response): Promise<Envelope<T>> {
    const requestId = response.headers.get('X-Request-Id') ?? '';
    let envelope: Envelope<T> | undefined;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      envelope = undefined;
    }
    if (envelope && typeof envelope === 'object' && envelope.success && response.ok) return { ...envelope, links: envelope.links ?? {} };
    const error = envelope?.errors?.length
      ? refusal(response.status, envelope.errors, requestId)
      : new VidhostError(response.status, response.status >= 500 ? 'internal' : 'unknown', `The server answered ${response.status} without an error envelope.`, [], requestId);
    this.options.onRefusal?.(error);
    throw error;
  }

  /** get reads one resource. */
  async get<T>(path: string, options?: RequestOptions): Promise<T> {
    return (await this.request<T>('GET', path, options)).result;
  }

  /** post creates; pass an idempotencyKey to make it safe to retry. */
  async post<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    return (await this.request<T>('POST', path, { ...options, body })).result;
  }

  async patch<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    return (await this.request<T>('PATCH', path, { ...options, body })).result;
  }

  async put<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    return (await this.request<T>('PUT', path, { ...options, body })).result;
  }

  async delete(path: string, options?: RequestOptions): Promise<void> {
    await this.request<unknown>('DELETE', path, options);
  }

  /** list reads one page of a list; cursor "" is the first page. */
  async list<T>(path: string, query: RequestOptions['query'] = {}, cursor = ''): Promise<Page<T>> {
    const envelope = await this.request<T[]>('GET', path, { query: { ...query, cursor: cursor || undefined } });
    const next = envelope.links.next ? new URL(envelope.links.next, 'http://cursor.invalid').searchParams.get('cursor') ?? '' : '';
    return { items: envelope.result ?? [], next };
  }

  /** paginate yields every item of a list, reading pages as the loop asks for them. */
  async *paginate<T>(path: string, query: RequestOptions['query'] = {}): AsyncGenerator<T, void, undefined> {
    let cursor = '';
    do {
      const page = await this.list<T>(path, query, cursor);
      yield* page.items;
      cursor = page.next;
    } while (cursor);
  }

  /** all reads every item of a list into an array (for the short, account-wide lists). */
  async all<T>(path: string, query: RequestOptions['query'] = { limit: 25 }): Promise<T[]> {
    const items: T[] = [];
    for await (const item of this.paginate<T>(path, query)) items.push(item);
    return items;
  }
}
