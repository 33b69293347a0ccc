// Gates: a form that covers the video at `at` (0: before playback starts)
// and holds playback until it is submitted, or skipped when the gate allows.
// Submissions are POSTed to the page's lead_url, where the gateway stores
// them as leads. Every blocked play attempt bumps data-blocked on the gate,
// which makes "playback was refused" observable (the browser tests use it).
import { h } from '../dom';
import type { Gate } from '../config';
import type { Player } from '../vjs';
import { gateForm, leadBody, showError } from './gate-form';
import { onTime, overlayLayer } from './layer';

async function sendLead(url: string, body: unknown): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST', credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
    return response.ok;
  } catch {
    return false;
  }
}

export function mountGates(player: Player, gates: Gate[], leadUrl: string): void {
  if (gates.length === 0) return;
  const layer = overlayLayer(player, 'vh-gates');
  const done = new Set<Gate>();
  const pending = [...gates].sort((a, b) => a.at - b.at);
  const views = new Map<Gate, HTMLElement>();
  let active: Gate | undefined;

  const release = (gate: Gate) => {
    done.add(gate);
    views.get(gate)?.remove();
    active = undefined;
    player.removeClass('vh-gated');
    player.play()?.catch(() => undefined);
  };

  const open = (gate: Gate) => {
    active = gate;
    player.addClass('vh-gated');
    if (!views.has(gate)) views.set(gate, gateView(gate, leadUrl, release));
    const view = views.get(gate)!;
    if (!view.isConnected) layer.append(view);
    view.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  };

  onTime(player, (seconds) => {
    const due = pending.find((gate) => !done.has(gate) && seconds >= gate.at);
    if (!due) return;
    if (active !== due) open(due);
    if (!player.paused()) {
      player.pause();
      const view = views.get(due)!;
      view.dataset.blocked = String(Number(view.dataset.blocked || '0') + 1);
    }
  });
}

/** submitLead sends the gate's form and releases the gate once the lead is stored; it never rejects. */
async function submitLead(gate: Gate, form: HTMLFormElement, leadUrl: string, release: (gate: Gate) => void): Promise<void> {
  const submit = form.querySelector<HTMLButtonElement>('.vh-gate-submit')!;
  submit.disabled = true;
  const sent = await sendLead(leadUrl, leadBody(gate, form));
  submit.disabled = false;
  if (!sent) return showError(form, 'Could not send the form. Please try again.');
  showError(form, '');
  release(gate);
}

function gateView(gate: Gate, leadUrl: string, release: (gate: Gate) => void): HTMLElement {
  const form = gateForm(gate);
  const view = h('section', { class: 'vh-gate', 'data-gate-id': gate.id, 'aria-label': gate.name, 'data-blocked': '0' }, form);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (form.reportValidity()) void submitLead(gate, form, leadUrl, release);
  });
  form.querySelector('.vh-gate-skip')?.addEventListener('click', () => release(gate));
  return view;
}
