// Small accessible building blocks shared by the pages: native elements
// (button, dialog, output) with the labels and live regions they need.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { VideoStatus } from './types';

/** CopyButton copies text and says so in a live region. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button type="button" class="vh-button vh-button-small" onClick={() => void copy()} aria-label={label}>
      {copied ? 'Copied' : 'Copy'}
      <span class="vh-visually-hidden" role="status">{copied ? 'Copied to the clipboard' : ''}</span>
    </button>
  );
}

/**
 * Confirm is a modal <dialog>: the browser traps focus and Escape closes it.
 * id names its title; a page with several dialogs gives each its own.
 */
export function Confirm(props: {
  id?: string;
  open: boolean;
  title: string;
  children: ComponentChildren;
  action: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (props.open && !element.open) element.showModal();
    if (!props.open && element.open) element.close();
  }, [props.open]);
  const titleID = props.id ?? 'vh-confirm-title';
  return (
    <dialog ref={dialog} class="vh-dialog" aria-labelledby={titleID} onCancel={props.onCancel}>
      <h2 id={titleID}>{props.title}</h2>
      {props.children}
      <div class="vh-actions">
        <button type="button" class="vh-button" onClick={props.onCancel}>Cancel</button>
        <button type="button" class="vh-button vh-button-danger" onClick={props.onConfirm}>{props.action}</button>
      </div>
    </dialog>
  );
}

const statusWords: Record<VideoStatus, string> = {
  preparing: 'Preparing',
  processing: 'Processing',
  ready: 'Ready',
  error: 'Error',
  live: 'Live',
};

export function StatusBadge({ status, progress }: { status: VideoStatus; progress: number }) {
  const words = status === 'processing' && progress > 0 ? `${statusWords[status]} ${progress}%` : statusWords[status];
  return <span class={`vh-badge vh-badge-${status}`} data-status={status}>{words}</span>;
}

/** Problem shows an error message as an alert (announced when it appears). */
export function Problem({ message }: { message: string }) {
  if (!message) return null;
  return <p class="vh-problem" role="alert">{message}</p>;
}

/**
 * Field is a labelled input, textarea or select with its own error below it:
 * the error is tied to the control (aria-describedby, aria-invalid), so a
 * screen reader reads it with the field, and announced when it appears.
 */
export function Field(props: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (aria: { id: string; 'aria-describedby': string; 'aria-invalid': boolean }) => ComponentChildren;
}) {
  const described = [props.hint ? `${props.id}-hint` : '', `${props.id}-error`].filter(Boolean).join(' ');
  return (
    <div class="vh-field">
      <label for={props.id}>{props.label}</label>
      {props.hint && <span class="vh-hint" id={`${props.id}-hint`}>{props.hint}</span>}
      {props.children({ id: props.id, 'aria-describedby': described, 'aria-invalid': !!props.error })}
      <span class="vh-field-error" id={`${props.id}-error`} role="alert">{props.error ?? ''}</span>
    </div>
  );
}

/** SecretOnce shows a value the API returns only once (a key, a signing secret) with a copy button. */
export function SecretOnce(props: { id: string; title: string; value: string; label: string; onDone: () => void }) {
  return (
    <div class="vh-secret" role="region" aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      <p>Copy it now: it is shown only this once.</p>
      <p class="vh-secret-value">
        <code id={props.id}>{props.value}</code>
        <CopyButton text={props.value} label={props.label} />
      </p>
      <button type="button" class="vh-button" onClick={props.onDone}>I have copied it</button>
    </div>
  );
}
