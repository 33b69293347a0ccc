// The form inside a gate: one input per requested field, the optional opt-in
// checkbox, submit and (when allowed) skip.
import { h } from '../dom';
import type { Gate } from '../config';

interface FieldSpec { label: string; type: string; autocomplete: string }

const fieldSpecs: Record<string, FieldSpec> = {
  email: { label: 'Email', type: 'email', autocomplete: 'email' },
  first_name: { label: 'First name', type: 'text', autocomplete: 'given-name' },
  last_name: { label: 'Last name', type: 'text', autocomplete: 'family-name' },
  telephone: { label: 'Telephone', type: 'tel', autocomplete: 'tel' },
};

export interface LeadBody { gate_id: string; fields: Record<string, string>; checkbox: boolean }

export function gateForm(gate: Gate): HTMLFormElement {
  const form = h('form', { class: 'vh-gate-form' });
  form.append(h('p', { class: 'vh-gate-top' }, gate.top_text));
  if (gate.bottom_text) form.append(h('p', { class: 'vh-gate-bottom' }, gate.bottom_text));
  for (const name of gate.fields) {
    const spec = fieldSpecs[name];
    if (!spec) continue;
    const input = h('input', { name, type: spec.type, autocomplete: spec.autocomplete, required: true, maxlength: '200' });
    form.append(h('label', { class: 'vh-gate-field' }, h('span', {}, spec.label), input));
  }
  if (gate.checkbox_text) {
    form.append(h('label', { class: 'vh-gate-checkbox' },
      h('input', { type: 'checkbox', name: 'checkbox' }), h('span', {}, gate.checkbox_text)));
  }
  form.append(h('p', { class: 'vh-gate-error', role: 'alert', hidden: true }));
  const actions = h('div', { class: 'vh-gate-actions' },
    h('button', { type: 'submit', class: 'vh-button vh-gate-submit' }, 'Continue'));
  if (gate.skip) actions.append(h('button', { type: 'button', class: 'vh-gate-skip' }, 'Skip'));
  form.append(actions);
  return form;
}

export function leadBody(gate: Gate, form: HTMLFormElement): LeadBody {
  const data = new FormData(form);
  const fields: Record<string, string> = {};
  for (const name of gate.fields) {
    const value = data.get(name); // a string: the gate's fields are text inputs, never files
    if (fieldSpecs[name]) fields[name] = typeof value === 'string' ? value.trim() : '';
  }
  return { gate_id: gate.id, fields, checkbox: data.get('checkbox') === 'on' };
}

export function showError(form: HTMLFormElement, message: string): void {
  const el = form.querySelector<HTMLElement>('.vh-gate-error');
  if (!el) return;
  el.textContent = message;
  el.hidden = message === '';
}
