// Gates: forms that cover the video at a time and ask for the viewer's
// details; and the leads they collected, listed, erased one by one, and
// exported as CSV (docs/leads.md). The API has no export route, so the CSV
// is made here from GET /v2/videos/{id}/leads, every page of it. The gate
// form also edits a gate (PATCH).
import { useState } from 'preact/hooks';
import { all, del, patch, post } from '../../api';
import { Problem } from '../../components';
import { date } from '../../format';
import { text, useAction, useResource, useSubmit } from '../../resource';
import { csv } from './csv';
import { playerTime } from './player';
import { Check, EditButton, FormTitle, Input, Remove, Section, Submit, seconds } from './section';
import type { SectionProps } from './types';
import type { Gate, GateField, Lead } from './types';

const gateFields: { field: GateField; label: string }[] = [
  { field: 'email', label: 'Email' },
  { field: 'first_name', label: 'First name' },
  { field: 'last_name', label: 'Last name' },
  { field: 'telephone', label: 'Telephone' },
];

export function Gates({ video, onChanged }: SectionProps) {
  const [editing, setEditing] = useState<Gate | null>(null);
  const { errors, busy, onSubmit } = useSubmit(['name', 'at', 'skip', 'top_text', 'bottom_text', 'checkbox_text', 'fields'], async (data) => {
    const body = {
      name: text(data, 'name'),
      at: seconds(data, 'at'),
      skip: data.get('skip') === 'on',
      top_text: text(data, 'top_text'),
      bottom_text: text(data, 'bottom_text'),
      checkbox_text: text(data, 'checkbox_text'),
      fields: data.getAll('fields').map(String),
    };
    if (editing) await patch(`/v2/videos/${video.id}/gates/${editing.id}`, body);
    else await post(`/v2/videos/${video.id}/gates`, body);
    setEditing(null);
    await onChanged();
  });
  const v = editing;
  return (
    <Section id="gates" title="Gates and leads">
      {video.gates.length === 0 && <p class="vh-empty">No gates: add one below to ask viewers for their email before they watch on.</p>}
      {video.gates.length > 0 && (
        <ul class="vh-items" id="vh-gate-list">
          {video.gates.map((gate) => (
            <li key={gate.id} data-gate-id={gate.id}>
              <span><strong>{gate.name || gate.top_text || 'Gate'}</strong> at {gate.at ?? 0} s, asks for {gate.fields.map(fieldLabel).join(', ')}</span>
              <EditButton what={gate.name} onEdit={() => setEditing(gate)} form="vh-gate-form" />
              <Remove what={gate.name} title={`Delete the gate “${gate.name}”?`} detail="Its leads are kept."
                onRemove={async () => { await del(`/v2/videos/${video.id}/gates/${gate.id}`); await onChanged(); }} />
            </li>
          ))}
        </ul>
      )}
      <form class="vh-form" id="vh-gate-form" key={v?.id ?? 'new'} onSubmit={onSubmit} aria-labelledby="vh-gate-form-title">
        <FormTitle id="vh-gate-form-title" adding="Add a gate" editing={v && `Edit the gate “${v.name}”`} onCancel={() => setEditing(null)} />
        <div class="vh-row-form">
          <Input form="gate" name="name" defaultValue={v?.name} label="Name" errors={errors} maxLength={100} />
          <Input form="gate" name="at" defaultValue={v?.at} label="Shows at (seconds; 0 before playing)" errors={errors} type="number" min={0} max={359999} required
            onFocus={(e) => { if (!e.currentTarget.value) e.currentTarget.value = String(playerTime()); }} />
        </div>
        <div class="vh-row-form">
          <Input form="gate" name="top_text" defaultValue={v?.top_text} label="Title" errors={errors} maxLength={200} />
          <Input form="gate" name="bottom_text" defaultValue={v?.bottom_text} label="Text" errors={errors} maxLength={200} />
          <Input form="gate" name="checkbox_text" defaultValue={v?.checkbox_text} label="Opt-in checkbox (empty: none)" errors={errors} maxLength={200} />
        </div>
        <fieldset aria-describedby="vh-gate-fields-error">
          <legend>Asks for</legend>
          <div class="vh-check-row">
            {gateFields.map(({ field, label }) => (
              <span class="vh-check" key={field}>
                <input id={`vh-gate-field-${field}`} type="checkbox" name="fields" value={field} defaultChecked={v ? v.fields.includes(field) : field === 'email'} />
                <label for={`vh-gate-field-${field}`}>{label}</label>
              </span>
            ))}
          </div>
          <span class="vh-field-error" id="vh-gate-fields-error" role="alert">{errors.fields ?? ''}</span>
        </fieldset>
        <Check id="vh-gate-skip" name="skip" label="Viewers may skip it" defaultChecked={v?.skip} />
        <Submit label={v ? 'Save gate' : 'Add gate'} busy={busy} errors={errors} />
      </form>
      <Leads videoID={video.id} gates={video.gates} />
    </Section>
  );
}

function fieldLabel(field: GateField): string {
  return gateFields.find((f) => f.field === field)?.label.toLowerCase() ?? field;
}

function Leads({ videoID, gates }: { videoID: string; gates: Gate[] }) {
  const { data: leads, setData: setLeads, problem, setProblem } = useResource(() => all<Lead>(`/v2/videos/${videoID}/leads`), [videoID]);
  const { run } = useAction(setProblem);
  const load = () =>
    run(async () => {
      setLeads(await all<Lead>(`/v2/videos/${videoID}/leads`));
      setProblem('');
    });
  const gateName = (id: string) => gates.find((g) => g.id === id)?.name || (gates.some((g) => g.id === id) ? 'Gate' : `deleted gate ${id}`);
  const exportCSV = () =>
    run(async () => {
      const fresh = await all<Lead>(`/v2/videos/${videoID}/leads`); // every lead, not only those on screen
      setLeads(fresh);
      const rows = [['created_time', 'gate', 'email', 'first_name', 'last_name', 'telephone', 'checkbox']];
      for (const lead of fresh) {
        rows.push([lead.created_time, gateName(lead.gate_id), ...gateFields.map(({ field }) => lead.fields[field] ?? ''), lead.checkbox ? 'yes' : 'no']);
      }
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([csv(rows)], { type: 'text/csv;charset=utf-8' }));
      link.download = `leads-${videoID}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    });
  return (
    <div id="vh-leads" aria-labelledby="vh-leads-title" role="region">
      <h3 id="vh-leads-title">Leads</h3>
      <p class="vh-actions-start">
        <button type="button" class="vh-button" onClick={load}>Refresh</button>
        <button type="button" class="vh-button" id="vh-leads-export" onClick={exportCSV} disabled={!leads?.length}>Export CSV</button>
      </p>
      <Problem message={problem} />
      {leads && leads.length === 0 && <p class="vh-empty">No leads yet: they appear when viewers fill in a gate.</p>}
      {leads && leads.length > 0 && (
        <table class="vh-table" id="vh-lead-table">
          <caption class="vh-visually-hidden">Leads</caption>
          <thead>
            <tr>
              <th scope="col">Received</th><th scope="col">Gate</th>
              {gateFields.map(({ field, label }) => <th scope="col" key={field}>{label}</th>)}
              <th scope="col">Opted in</th><th scope="col"><span class="vh-visually-hidden">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {leads.map((lead) => (
              <tr key={lead.id} data-lead-id={lead.id}>
                <td data-label="Received">{date(lead.created_time)}</td>
                <td data-label="Gate">{gateName(lead.gate_id)}</td>
                {gateFields.map(({ field, label }) => <td data-label={label} key={field}>{lead.fields[field] ?? ''}</td>)}
                <td data-label="Opted in">{lead.checkbox ? 'Yes' : 'No'}</td>
                <td>
                  <Remove what={`the lead of ${date(lead.created_time)}`} title="Erase this lead?" detail="It is deleted for good: personal data, erased on request."
                    onRemove={async () => { await del(`/v2/videos/${videoID}/leads/${lead.id}`); load(); }} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
