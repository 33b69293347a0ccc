// Chapters: named start times (HH:MM:SS) the player's seek bar shows,
// listed in order; a form adds one, starting at the player's position by
// default; the same form edits one (docs/videos.md#cards-gates-hotspots-chapters).
import { useState } from 'preact/hooks';
import { del, patch, post } from '../../api';
import { text, useSubmit } from '../../resource';
import { playerTime } from './player';
import { EditButton, FormTitle, Input, Remove, Section, Submit, timecode } from './section';
import type { Chapter, SectionProps } from './types';

export function Chapters({ video, onChanged }: SectionProps) {
  const [start, setStart] = useState('00:00:00');
  const [editing, setEditing] = useState<Chapter | null>(null);
  const { errors, busy, onSubmit } = useSubmit(['name', 'start'], async (data) => {
    const body = { name: text(data, 'name'), start: text(data, 'start') };
    if (editing) await patch(`/v2/videos/${video.id}/chapters/${editing.id}`, body);
    else await post(`/v2/videos/${video.id}/chapters`, body);
    setEditing(null);
    await onChanged();
  });
  const edit = (chapter: Chapter | null) => {
    setEditing(chapter);
    setStart(chapter?.start ?? '00:00:00');
  };
  return (
    <Section id="chapters" title="Chapters">
      {video.chapters.length === 0 && <p class="vh-empty">No chapters: add the first one below, at 00:00:00.</p>}
      {video.chapters.length > 0 && (
        <ol class="vh-items" id="vh-chapter-list">
          {video.chapters.map((chapter) => (
            <li key={chapter.id} data-chapter-id={chapter.id}>
              <span><code>{chapter.start}</code> {chapter.name}</span>
              <EditButton what={chapter.name} onEdit={() => edit(chapter)} form="vh-chapter-form" />
              <Remove what={chapter.name} title={`Delete the chapter “${chapter.name}”?`} detail="The chapter before it then runs on to the next."
                onRemove={async () => { await del(`/v2/videos/${video.id}/chapters/${chapter.id}`); await onChanged(); }} />
            </li>
          ))}
        </ol>
      )}
      <form class="vh-form" id="vh-chapter-form" key={editing?.id ?? 'new'} onSubmit={onSubmit} aria-labelledby="vh-chapter-form-title">
        <FormTitle id="vh-chapter-form-title" adding="Add a chapter" editing={editing && `Edit the chapter “${editing.name}”`} onCancel={() => edit(null)} />
        <div class="vh-row-form">
          <Input form="chapter" name="name" defaultValue={editing?.name} label="Name" errors={errors} required maxLength={100} />
          <Input form="chapter" name="start" label="Starts at (HH:MM:SS)" errors={errors} required pattern="\d\d:\d\d:\d\d"
            value={start} onInput={(e) => setStart(e.currentTarget.value)} />
          <button type="button" class="vh-button" onClick={() => setStart(timecode(playerTime()))}>Use the player's time</button>
        </div>
        <Submit label={editing ? 'Save chapter' : 'Add chapter'} busy={busy} errors={errors} />
      </form>
    </Section>
  );
}
