// Retries, as the Go SDK's retry.go: idempotent requests (and any request
// with an Idempotency-Key, which the server answers once) are repeated after
// a 429, a 5xx or a network error, waiting what Retry-After asks, capped.

/** RetryPolicy says how often and how patiently requests are repeated. */
export interface RetryPolicy {
  /** Counts the first try; 1 means no retries. */
  maxAttempts: number;
  /** Milliseconds before the first retry; it doubles each time. */
  baseDelayMs: number;
  /** Caps one wait, Retry-After included: a server asking for an hour fails the call rather than hang it. */
  maxDelayMs: number;
}

/** defaultRetryPolicy is four attempts waiting about 0.5 s, 1 s and 2 s. */
export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 30_000 };

/** retryable reports whether a response status is worth another attempt. */
export function retryable(status: number): boolean {
  return status === 429 || status >= 500;
}

const idempotentMethods = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** repeatable reports whether repeating a request cannot do anything twice. */
export function repeatable(method: string, headers: Headers): boolean {
  return idempotentMethods.has(method) || headers.has('Idempotency-Key');
}

/**
 * retryDelay is the wait before retry number attempt (1 for the first): the
 * server's Retry-After when it sent one, else exponential backoff with full
 * jitter so that many clients refused together do not return together.
 */
export function retryDelay(policy: RetryPolicy, attempt: number, response?: Response): number {
  const asked = retryAfter(response?.headers.get('Retry-After') ?? null);
  if (asked !== undefined) return Math.min(asked, policy.maxDelayMs);
  const backoff = Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
  return backoff / 2 + Math.random() * (backoff / 2);
}

/** retryAfter reads Retry-After in seconds or as an HTTP date, in milliseconds. */
export function retryAfter(value: string | null): number | undefined {
  if (value === null || value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(at - Date.now(), 0);
}

/** sleep waits ms, or rejects when signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    }, { once: true });
  });
}
