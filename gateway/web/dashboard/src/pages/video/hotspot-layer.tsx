// The layer over the player on which hotspots are placed (docs/hotspots.md):
// x and y are percent of the frame, as the player draws them. A move is a
// Set B PATCH of x and y alone.
import { useRef, useState } from 'preact/hooks';
import { patch } from '../../api';
import { useAction } from '../../resource';
import type { VideoDetail } from './types';

export interface Point {
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

export async function move(videoID: string, id: string, point: Point): Promise<void> {
  await patch(`/v2/videos/${videoID}/hotspots/${id}`, { x: point.x, y: point.y });
}

/**
 * HotspotLayer covers the player while hotspots are being placed: a handle
 * per hotspot, and the new one's (dashed), each dragged with a pointer or
 * moved with the arrow keys (Shift: 5 %). A press on empty space puts the
 * new one there. Outside editing it is not drawn, and the player works.
 */
export function HotspotLayer({ video, editor, onChanged }: { video: VideoDetail; editor: HotspotEditor; onChanged: () => Promise<void> }) {
  const layerRef = useRef<HTMLDivElement>(null);
  const draggingRef = useRef<string | null>(null); // a hotspot id, or 'draft'
  const [moved, setMoved] = useState<Record<string, Point>>({}); // positions not yet saved
  const { problem, setProblem, run } = useAction();
  if (!editor.editing || video.type !== 'vod') return null;

  const at = (event: PointerEvent): Point => {
    const box = layerRef.current!.getBoundingClientRect();
    return { x: round(((event.clientX - box.left) / box.width) * 100), y: round(((event.clientY - box.top) / box.height) * 100) };
  };
  const place = (id: string, point: Point) => {
    if (id === 'draft') editor.setDraft(point);
    else setMoved((m) => ({ ...m, [id]: point }));
  };
  const save = (id: string, point: Point) => {
    if (id === 'draft') return;
    run(async () => {
      try {
        await move(video.id, id, point);
        await onChanged();
        setProblem('');
      } finally {
        setMoved(({ [id]: _, ...rest }) => rest);
      }
    });
  };
  const start = (id: string, event: PointerEvent) => {
    event.preventDefault();
    event.stopPropagation();
    draggingRef.current = id;
    layerRef.current!.setPointerCapture(event.pointerId);
    place(id, at(event));
  };
  const end = (event: PointerEvent) => {
    const id = draggingRef.current;
    draggingRef.current = null;
    if (id) save(id, at(event));
  };
  const nudge = (id: string, from: Point, event: KeyboardEvent) => {
    const step = event.shiftKey ? 5 : 1;
    const delta: Record<string, Point> = { ArrowLeft: { x: -step, y: 0 }, ArrowRight: { x: step, y: 0 }, ArrowUp: { x: 0, y: -step }, ArrowDown: { x: 0, y: step } };
    const d = delta[event.key];
    if (!d) return;
    event.preventDefault();
    const point = { x: round(from.x + d.x), y: round(from.y + d.y) };
    place(id, point);
    save(id, point);
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
      ref={layerRef}
      class="vh-hotspot-layer"
      id="vh-hotspot-layer"
      role="group"
      aria-label="Hotspots on the video"
      onPointerDown={(e) => start('draft', e)}
      onPointerMove={(e) => draggingRef.current && place(draggingRef.current, at(e))}
      onPointerUp={end}
      onPointerCancel={() => (draggingRef.current = null)}
    >
      {/* The new one first: where it covers a saved one, the saved one is on top to grab. */}
      {handle('draft', 'The new hotspot', editor.draft, true)}
      {video.hotspots.map((spot) => handle(spot.id, spot.name || 'Hotspot', moved[spot.id] ?? { x: spot.x ?? 0, y: spot.y ?? 0 }))}
      {problem && <p class="vh-problem vh-hotspot-problem" role="alert">{problem}</p>}
    </div>
  );
}
