// Hotspots: clickable regions of the picture (docs/hotspots.md). They are
// placed by dragging handles on a layer over the player (x and y are
// percent of the frame, as the player draws them), or by typing x and y:
// the keyboard's way, with the arrow keys on a focused handle as well.
// New ones are created in the API's Set A shape; a move is a Set B PATCH
// of x and y alone, an edit a Set B PATCH of every field.
import { useState } from 'preact/hooks';
import { APIError, del, patch, post } from '../../api';
import { Field, Problem } from '../../components';
import { type Errors, text, useSubmit, value } from '../../resource';
import { move, type HotspotEditor } from './hotspot-layer';
import { playerTime, playerVideo } from './player';
import { EditButton, FormTitle, Input, Remove, Section, Submit, seconds, timecode } from './section';
import type { Hotspot, SectionProps } from './types';

export function Hotspots({ video, onChanged, editor }: SectionProps & { editor: HotspotEditor }) {
  const [editing, setEditing] = useState<Hotspot | null>(null);
  const { errors: refused, busy, onSubmit } = useSubmit(['name', 'at', 'until', 'show_at', 'hide_at', 'x', 'y', 'link', 'opacity', 'target'], async (data) => {
    if (editing) {
      await patch(`/v2/videos/${video.id}/hotspots/${editing.id}`, {
        name: text(data, 'name'),
        show_at: timecode(seconds(data, 'at')),
        hide_at: timecode(seconds(data, 'until')),
        x: Number(data.get('x')),
        y: Number(data.get('y')),
        link: text(data, 'link'),
        opacity: opacityNames[value(data, 'opacity')] ?? 'translucent',
        target: text(data, 'target'),
      });
      setEditing(null);
      await onChanged();
      editor.setDraft({ x: 50, y: 50 });
      return;
    }
    await post(`/v2/videos/${video.id}/hotspots`, {
      name: text(data, 'name'),
      at: seconds(data, 'at'),
      until: seconds(data, 'until'),
      x: Number(data.get('x')),
      y: Number(data.get('y')),
      link: text(data, 'link'),
      opacity: Number(data.get('opacity')),
      target: text(data, 'target'),
    });
    await onChanged();
    editor.setDraft({ x: 50, y: 50 });
  });
  // An edit's refusals name the Set B fields: show them at the fields they are.
  const errors = { ...refused, at: refused.at || refused.show_at || '', until: refused.until || refused.hide_at || '' };
  const edit = (spot: Hotspot | null) => {
    setEditing(spot);
    editor.setDraft(spot ? { x: spot.x ?? 0, y: spot.y ?? 0 } : { x: 50, y: 50 });
  };
  const v = editing;
  const coordinate = (axis: 'x' | 'y') => ({
    type: 'number',
    min: 0,
    max: 100,
    step: 0.1,
    required: true,
    value: editor.draft[axis],
    onInput: (e: Event) => editor.setDraft({ ...editor.draft, [axis]: Number((e.currentTarget as HTMLInputElement).value) }),
  });
  return (
    <Section id="hotspots" title="Hotspots">
      <p class="vh-actions-start">
        <button type="button" class="vh-button" id="vh-hotspot-edit" aria-pressed={editor.editing} onClick={() => { playerVideo()?.pause(); editor.setEditing(!editor.editing); }}>
          {editor.editing ? 'Done placing' : 'Place hotspots on the video'}
        </button>
        <span class="vh-hint">{editor.editing ? 'Drag a handle on the video, or press where the new one goes; the player is paused meanwhile.' : 'Shows handles over the player to drag.'}</span>
      </p>
      {video.hotspots.length === 0 && <p class="vh-empty">No hotspots: add one below, then drag it where it belongs.</p>}
      {video.hotspots.length > 0 && (
        <ul class="vh-items" id="vh-hotspot-list">
          {video.hotspots.map((spot) => <HotspotRow key={spot.id} videoID={video.id} spot={spot} onChanged={onChanged} onEdit={() => edit(spot)} />)}
        </ul>
      )}
      <form class="vh-form" id="vh-hotspot-form" key={v?.id ?? 'new'} onSubmit={onSubmit} aria-labelledby="vh-hotspot-form-title">
        <FormTitle id="vh-hotspot-form-title" adding="Add a hotspot" editing={v && `Edit the hotspot “${v.name}”`} onCancel={() => edit(null)} />
        <div class="vh-row-form">
          <Input form="hotspot" name="name" defaultValue={v?.name} label="Name" errors={errors} maxLength={100} />
          <Input form="hotspot" name="link" defaultValue={v?.link} label="Link (https://…, at most 100 characters)" errors={errors} type="url" required maxLength={100} />
        </div>
        <div class="vh-row-form">
          <Input form="hotspot" name="at" defaultValue={v?.at} label="Shows at (seconds)" errors={errors} type="number" min={0} max={359999} required
            onFocus={(e) => { if (!e.currentTarget.value) e.currentTarget.value = String(playerTime()); }} />
          <Input form="hotspot" name="until" defaultValue={v?.until} label="Hides at (seconds)" errors={errors} type="number" min={1} max={359999} required />
          <Input form="hotspot" name="x" label="Across (% of the width)" errors={errors} {...coordinate('x')} />
          <Input form="hotspot" name="y" label="Down (% of the height)" errors={errors} {...coordinate('y')} />
        </div>
        <div class="vh-row-form">
          <Choice id="vh-hotspot-opacity" name="opacity" label="Look" errors={errors} value={v ? String(v.opacity === 0 || v.opacity === 1 ? v.opacity : 0.5) : undefined} options={[['0.5', 'Translucent'], ['1', 'Opaque'], ['0', 'Invisible (a click target only)']]} />
          <Choice id="vh-hotspot-target" name="target" label="Opens the link" errors={errors} value={v?.target} options={[['_blank', 'In a new tab'], ['_parent', 'In the page around the player']]} />
        </div>
        <Submit label={v ? 'Save hotspot' : 'Add hotspot'} busy={busy} errors={errors} />
      </form>
    </Section>
  );
}

const opacityNames: Record<string, string> = { '0': 'invisible', '0.5': 'translucent', '1': 'opaque' };

/** Choice is a labelled select; value picks the option shown first (Preact sets no defaultValue on a select). */
function Choice(props: { id: string; name: string; label: string; errors: Errors; options: [string, string][]; value?: string }) {
  return (
    <Field id={props.id} label={props.label} error={props.errors[props.name]}>
      {(aria) => (
        <select {...aria} name={props.name}>
          {props.options.map(([value, words]) => <option key={value} value={value} selected={value === props.value}>{words}</option>)}
        </select>
      )}
    </Field>
  );
}

/** HotspotRow is one hotspot with its position as two number fields. */
function HotspotRow({ videoID, spot, onChanged, onEdit }: { videoID: string; spot: Hotspot; onChanged: () => Promise<void>; onEdit: () => void }) {
  const [errors, setErrors] = useState<Errors>({});
  const form = `hotspot-${spot.id}`;
  const submit = async (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    try {
      await move(videoID, spot.id, { x: Number(data.get('x')), y: Number(data.get('y')) });
      setErrors({});
      await onChanged();
    } catch (error) {
      setErrors(error instanceof APIError ? { x: error.about('x'), y: error.about('y'), '': error.names('x') || error.names('y') ? '' : error.message } : { '': String(error) });
    }
  };
  return (
    <li data-hotspot-id={spot.id}>
      <span><strong>{spot.name || 'Hotspot'}</strong> from {spot.at ?? 0} s to {spot.until} s → {spot.link}</span>
      <form class="vh-row-form vh-hotspot-position" onSubmit={(event) => void submit(event)} aria-label={`Position of ${spot.name || 'the hotspot'}`}>
        <Input form={form} name="x" label="Across %" errors={errors} type="number" min={0} max={100} step={0.1} defaultValue={spot.x ?? 0} key={`x${spot.x}`} />
        <Input form={form} name="y" label="Down %" errors={errors} type="number" min={0} max={100} step={0.1} defaultValue={spot.y ?? 0} key={`y${spot.y}`} />
        <button type="submit" class="vh-button vh-button-small">Move<span class="vh-visually-hidden"> {spot.name}</span></button>
        <Problem message={errors[''] ?? ''} />
      </form>
      <EditButton what={spot.name} onEdit={onEdit} form="vh-hotspot-form" />
      <Remove what={spot.name} title={`Delete the hotspot “${spot.name}”?`} detail="The player stops showing it."
        onRemove={async () => { await del(`/v2/videos/${videoID}/hotspots/${spot.id}`); await onChanged(); }} />
    </li>
  );
}
