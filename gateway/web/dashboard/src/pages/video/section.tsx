// What the sections of the video page share: labelled inputs whose
// refusals go beside the fields the envelope names (useSubmit, in
// resource.ts), a remove button with its confirmation, and time-codes.
import type { ComponentChildren, InputHTMLAttributes } from 'preact';
import { useState } from 'preact/hooks';
import { Confirm, Field, Problem } from '../../components';
import { useAction, type Errors } from '../../resource';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'label' | 'form'> & {
  form: string;
  name: string;
  label: string;
  errors: Errors;
  hint?: string;
};

/** Input is a labelled input named name whose id is vh-<form>-<name>, with its error. */
export function Input({ form, name, label, errors, hint, ...rest }: InputProps) {
  const id = `vh-${form}-${name.replace(/_/g, '-')}`;
  return (
    <Field id={id} label={label} error={errors[name]} hint={hint}>
      {(aria) => <input {...rest} {...aria} name={name} />}
    </Field>
  );
}

/** Check is a labelled checkbox. */
export function Check({ id, name, label, defaultChecked }: { id: string; name: string; label: string; defaultChecked?: boolean }) {
  return (
    <p class="vh-field vh-check">
      <input id={id} name={name} type="checkbox" defaultChecked={defaultChecked} />
      <label for={id}>{label}</label>
    </p>
  );
}

/** Submit is the form's button with the errors that name no field above it. */
export function Submit({ label, busy, errors }: { label: string; busy: boolean; errors: Errors }) {
  return (
    <>
      <Problem message={errors[''] ?? ''} />
      <p class="vh-actions">
        <button type="submit" class="vh-button vh-button-primary" disabled={busy}>{label}</button>
      </p>
    </>
  );
}

/** Section is one titled part of the page; id names its heading (vh-<id>-title). */
export function Section({ id, title, children }: { id: string; title: string; children: ComponentChildren }) {
  return (
    <section class="vh-video-section" id={`vh-${id}`} aria-labelledby={`vh-${id}-title`}>
      <h2 id={`vh-${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** Remove deletes something after a confirmation dialog, mounted only while it asks. */
export function Remove(props: { what: string; title: string; detail: string; onRemove: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const { problem, setProblem, run } = useAction();
  const confirm = () => {
    setAsking(false);
    run(async () => {
      await props.onRemove();
      setProblem('');
    });
  };
  return (
    <>
      <button type="button" class="vh-button vh-button-small vh-button-danger" onClick={() => setAsking(true)}>
        Delete<span class="vh-visually-hidden"> {props.what}</span>
      </button>
      {problem && <span class="vh-field-error" role="alert">{problem}</span>}
      {asking && (
        <Confirm id="vh-remove-title" open title={props.title} action="Delete" onConfirm={confirm} onCancel={() => setAsking(false)}>
          <p>{props.detail}</p>
        </Confirm>
      )}
    </>
  );
}

/** timecode formats seconds as HH:MM:SS, the API's time-code. */
export function timecode(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** seconds reads a form's number field ('' is 0: the API then names the rule). */
export function seconds(data: FormData, name: string): number {
  return Math.trunc(Number(data.get(name) ?? 0) || 0);
}

/** EditButton fills the section's form (id form) with an item and moves focus to it. */
export function EditButton({ what, form, onEdit }: { what: string; form: string; onEdit: () => void }) {
  const edit = () => {
    onEdit();
    // After the form has re-rendered with the item's values.
    setTimeout(() => document.querySelector<HTMLElement>(`#${form} input:not([type=hidden]), #${form} select`)?.focus(), 0);
  };
  return (
    <button type="button" class="vh-button vh-button-small" onClick={edit}>
      Edit<span class="vh-visually-hidden"> {what}</span>
    </button>
  );
}

/** FormTitle heads a form that adds an item, or edits one (then with a Cancel button). */
export function FormTitle(props: { id: string; adding: string; editing: string | null; onCancel: () => void }) {
  if (!props.editing) return <h3 id={props.id}>{props.adding}</h3>;
  return (
    <div class="vh-actions-start">
      <h3 id={props.id}>{props.editing}</h3>
      <button type="button" class="vh-button vh-button-small" onClick={props.onCancel}>Cancel</button>
    </div>
  );
}
