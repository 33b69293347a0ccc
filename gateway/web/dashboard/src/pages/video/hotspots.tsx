// Hotspots: clickable regions of the picture (docs/hotspots.md). They are
// placed by dragging handles on a layer over the player (x and y are
// percent of the frame, as the player draws them), or by typing x and y:
// the keyboard's way, with the arrow keys on a focused handle as well.
// New ones are created in the API's Set A shape; a move is a Set B PATCH
// of x and y alone, an edit a Set B PATCH of every field.
import { useRef, useState } from 'preact/hooks';
import { APIError, del, patch, post } from '../../api';
import { Field, Problem } from '../../components';
import { playerTime, playerVideo } from './player';
import { EditButton, Errors, FormTitle, Input, Remove, Section, Submit, seconds, text, timecode, useSubmit } from './section';
import type { SectionProps } from './types';
import type { Hotspot, VideoDetail } from './types';

interface Point {
  x: number;
  y: number;
}

/** HotspotEditor is what the layer over the player and the section share. */
export interface HotspotEditor {
  editing: boolean;
  setEditing: (on: boolean) => void;
  draft: Point;
  setDraft: (point: Point) => void;
}

export function useHotspotEditor(): HotspotEditor {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Point>({ x: 50, y: 50 });
  return { editing, setEditing, draft, setDraft };
}

const round = (n: number) => Math.round(Math.min(100, Math.max(0, n)) * 10) / 10;

async function move(videoID: string, id: string, point: Point): Promise<void> {
  await patch(`/v2/videos/${videoID}/hotspots/${id}`, { x: point.x, y: point.y });
}

/**
 * HotspotLayer covers the player while hotspots are being placed: a handle
 * per hotspot, and the new one's (dashed), each dragged with a pointer or
 * moved with the arrow keys (Shift: 5 %). A press on empty space puts the
 * new one there. Outside editing it is not drawn, and the player works.
 */
export function HotspotLayer({ video, editor, onChanged }: { video: VideoDetail; editor: HotspotEditor; onChanged: () => Promise<void> }) {
  const layer = useRef<HTMLDivElement>(null);
  const dragging = useRef<string | null>(null); // a hotspot id, or 'draft'
  const [moved, setMoved] = useState<Record<string, Point>>({}); // positions not yet saved
  const [problem, setProblem] = useState('');
  if (!editor.editing || video.type !== 'vod') return null;

  const at = (event: PointerEvent): Point => {
    const box = layer.current!.getBoundingClientRect();
    return { x: round(((event.clientX - box.left) / box.width) * 100), y: round(((event.clientY - box.top) / box.height) * 100) };
  };
  const place = (id: string, point: Point) => {
    if (id === 'draft') editor.setDraft(point);
    else setMoved((m) => ({ ...m, [id]: point }));
  };
  const save = async (id: string, point: Point) => {
    if (id === 'draft') return;
    try {
      await move(video.id, id, point);
      await onChanged();
      setProblem('');
    } catch (error) {
      setProblem((error as Error).message);
    }
    setMoved(({ [id]: _, ...rest }) => rest);
  };
  const start = (id: string, event: PointerEvent) => {
    event.preventDefault();
    event.stopPropagation();
    dragging.current = id;
    layer.current!.setPointerCapture(event.pointerId);
    place(id, at(event));
  };
  const end = (event: PointerEvent) => {
    const id = dragging.current;
    dragging.current = null;
    if (id) void save(id, at(event));
  };
  const nudge = (id: string, from: Point, event: KeyboardEvent) => {
    const step = event.shiftKey ? 5 : 1;
    const delta: Record<string, Point> = { ArrowLeft: { x: -step, y: 0 }, ArrowRight: { x: step, y: 0 }, ArrowUp: { x: 0, y: -step }, ArrowDown: { x: 0, y: step } };
    const d = delta[event.key];
    if (!d) return;
    event.preventDefault();
    const point = { x: round(from.x + d.x), y: round(from.y + d.y) };
    place(id, point);
    void save(id, point);
  };
  const handle = (id: string, name: string, point: Point, draft = false) => (
    <button
      type="button"
      key={id}
      class={draft ? 'vh-hotspot-handle vh-hotspot-draft' : 'vh-hotspot-handle'}
      data-hotspot-id={draft ? undefined : id}
      style={{ left: `${point.x}%`, top: `${point.y}%` }}
      aria-label={`${name} at ${point.x}% across, ${point.y}% down: drag, or use the arrow keys, to move`}
      onPointerDown={(e) => start(id, e)}
      onKeyDown={(e) => nudge(id, point, e)}
    >
      <span aria-hidden="true">{draft ? '+' : name.slice(0, 1).toUpperCase() || '•'}</span>
    </button>
  );
  return (
    <div
      ref={layer}
      class="vh-hotspot-layer"
      id="vh-hotspot-layer"
      role="group"
      aria-label="Hotspots on the video"
      onPointerDown={(e) => start('draft', e)}
      onPointerMove={(e) => dragging.current && place(dragging.current, at(e))}
      onPointerUp={end}
      onPointerCancel={() => (dragging.current = null)}
    >
      {/* The new one first: where it covers a saved one, the saved one is on top to grab. */}
      {handle('draft', 'The new hotspot', editor.draft, true)}
      {video.hotspots.map((spot) => handle(spot.id, spot.name || 'Hotspot', moved[spot.id] ?? { x: spot.x ?? 0, y: spot.y ?? 0 }))}
      {problem && <p class="vh-problem vh-hotspot-problem" role="alert">{problem}</p>}
    </div>
  );
}

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
        opacity: opacityNames[String(data.get('opacity'))] ?? 'translucent',
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
      <form class="vh-row-form vh-hotspot-position" onSubmit={submit} aria-label={`Position of ${spot.name || 'the hotspot'}`}>
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
