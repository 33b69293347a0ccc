// The one way a page loads data, runs an action and shows a refusal: load,
// try, and put the envelope's message where the page shows problems. Each
// hook returns plain (not async) handlers, so an event handler never drops a
// promise, and every failure ends as a message on the page, never as an
// unhandled rejection.
import { useCallback, useEffect, useState, type Inputs } from 'preact/hooks';
import { fieldErrors } from './api';

/** messageOf is what a page shows for a failure: the envelope's (or any error's) message. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Resource is data a page loaded: null until it arrives, and the problem of the last failed load or action. */
export interface Resource<T> {
  data: T | null;
  setData: (data: T) => void;
  problem: string;
  setProblem: (problem: string) => void;
  /** reload reads the data again; a failure becomes problem, so it never rejects. */
  reload: () => Promise<void>;
}

/**
 * useResource loads data with load when the page opens and whenever deps
 * change (eslint's exhaustive-deps checks deps against load at each call).
 * load may resolve to null to load nothing (a role that may not see it).
 */
export function useResource<T>(load: () => Promise<T | null>, deps: Inputs): Resource<T> {
  const [data, setData] = useState<T | null>(null);
  const [problem, setProblem] = useState('');
  const reload = useCallback(async () => {
    try {
      const loaded = await load();
      if (loaded !== null) setData(loaded);
    } catch (error) {
      setProblem(messageOf(error));
    }
    // The caller's deps are load's: exhaustive-deps checks them where useResource is called.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, setData, problem, setProblem, reload };
}

/** Action is a page's way to try something: busy while it runs, and the problem of the last one refused. */
export interface Action {
  busy: boolean;
  problem: string;
  setProblem: (problem: string) => void;
  /** run starts work; a failure becomes problem. It returns at once, so it fits any event handler. */
  run: (work: () => Promise<unknown>) => void;
}

/**
 * useAction runs a page's actions (delete, retry, toggle…) and keeps the
 * problem of the last refused one, or hands it to report (a Resource's
 * setProblem) when the page shows one problem for its data and actions.
 */
export function useAction(report?: (problem: string) => void): Action {
  const [busy, setBusy] = useState(false);
  const [own, setOwn] = useState('');
  const setProblem = report ?? setOwn;
  const problem = report ? '' : own;
  const run = (work: () => Promise<unknown>) => {
    setBusy(true);
    work()
      .catch((error: unknown) => setProblem(messageOf(error)))
      .finally(() => setBusy(false));
  };
  return { busy, problem, setProblem, run };
}

export type Errors = Record<string, string>;

/**
 * useSubmit runs send with the form's data, then resets the form; a refusal
 * is split between fields (and '' for the rest) for the inputs to show.
 * onSubmit returns at once: give it to a form's onSubmit as it is.
 */
export function useSubmit(fields: string[], send: (data: FormData, form: HTMLFormElement) => Promise<void>, initial: Errors = {}) {
  const [errors, setErrors] = useState<Errors>(initial);
  const [busy, setBusy] = useState(false);
  const submit = async (form: HTMLFormElement) => {
    setBusy(true);
    try {
      await send(new FormData(form), form);
      form.reset();
      setErrors(initial);
    } catch (error) {
      setErrors(fieldErrors(error, fields));
    }
    setBusy(false);
  };
  const onSubmit = (event: Event) => {
    event.preventDefault();
    void submit(event.currentTarget as HTMLFormElement);
  };
  return { errors, busy, onSubmit, setErrors };
}

/** value is the form's value of name as typed, '' when absent (or a file: the forms read files as such). */
export function value(data: FormData, name: string): string {
  const entry = data.get(name);
  return typeof entry === 'string' ? entry : '';
}

/** text is the form's value of name without the spaces around it. */
export function text(data: FormData, name: string): string {
  return value(data, name).trim();
}
