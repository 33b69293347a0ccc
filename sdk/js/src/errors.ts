// Errors of the /v2 envelope (docs/errors.md): match on `code`, never on
// `message`; `field` names the request field a validation error is about.

/** One error of the envelope. */
export interface Problem {
  code: string;
  message: string;
  field?: string;
}

/** VidhostError is a refused request: its status, the envelope's first error, and all of them. */
export class VidhostError extends Error {
  override name = 'VidhostError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly problems: Problem[] = [],
    /** The request id the gateway answered with (X-Request-Id), for support. */
    readonly requestId = '',
  ) {
    super(message);
  }

  /** The field the first error is about, if any. */
  get field(): string | undefined {
    return this.problems[0]?.field;
  }

  /** Whether some error is about field (its `field`, or a message starting with the field's name). */
  names(field: string): boolean {
    return this.problems.some((p) => p.field === field || p.message.startsWith(field + ' '));
  }

  /** The messages about field or its elements (`field[0]`), joined with spaces. */
  about(field: string): string {
    return this.problems
      .filter((p) => p.field === field || (p.field ?? '').startsWith(field + '[') || p.message.startsWith(field + ' '))
      .map((p) => p.message)
      .join(' ');
  }
}

/** refusal is the VidhostError of a failed envelope's errors (the first one names it). */
export function refusal(status: number, errors: Problem[] | undefined, requestId = ''): VidhostError {
  const first = errors?.[0] ?? { code: status >= 500 ? 'internal' : 'unknown', message: `The server answered ${status}.` };
  return new VidhostError(status, first.code, first.message, errors ?? [], requestId);
}

/** isNotFound reports whether err is a 404 from the API. */
export function isNotFound(err: unknown): boolean {
  return err instanceof VidhostError && err.status === 404;
}
