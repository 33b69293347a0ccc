// Chapters: named start times (HH:MM:SS) the player's seek bar shows,
// listed in order; a form adds one, starting at the player's position by
// default (docs/videos.md#cards-gates-hotspots-chapters).
import { useState } from 'preact/hooks';
import { del, post } from '../../api';
import { playerTime } from './player';
import { Input, Remove, Section, Submit, text, timecode, useSubmit } from './section';
import type { SectionProps } from './types';

export function Chapters({ video, onChanged }: SectionProps) {
  const [start, setStart] = useState('00:00:00');
  const { errors, busy, onSubmit } = useSubmit(['name', 'start'], async (data) => {
    await post(`/v2/videos/${video.id}/chapters`, { name: text(data, 'name'), start: text(data, 'start') });
    await onChanged();
  });
  return (
    <Section id="chapters" title="Chapters">
      {video.chapters.length === 0 && <p class="vh-empty">No chapters: add the first one below, at 00:00:00.</p>}
      {video.chapters.length > 0 && (
        <ol class="vh-items" id="vh-chapter-list">
          {video.chapters.map((chapter) => (
            <li key={chapter.id} data-chapter-id={chapter.id}>
              <span><code>{chapter.start}</code> {chapter.name}</span>
              <Remove what={chapter.name} title={`Delete the chapter “${chapter.name}”?`} detail="The chapter before it then runs on to the next."
                onRemove={async () => { await del(`/v2/videos/${video.id}/chapters/${chapter.id}`); await onChanged(); }} />
            </li>
          ))}
        </ol>
      )}
      <form class="vh-form" id="vh-chapter-form" onSubmit={onSubmit} aria-labelledby="vh-chapter-form-title">
        <h3 id="vh-chapter-form-title">Add a chapter</h3>
        <div class="vh-row-form">
          <Input form="chapter" name="name" label="Name" errors={errors} required maxLength={100} />
          <Input form="chapter" name="start" label="Starts at (HH:MM:SS)" errors={errors} required pattern="\d\d:\d\d:\d\d"
            value={start} onInput={(e) => setStart(e.currentTarget.value)} />
          <button type="button" class="vh-button" onClick={() => setStart(timecode(playerTime()))}>Use the player's time</button>
        </div>
        <Submit label="Add chapter" busy={busy} errors={errors} />
      </form>
    </Section>
  );
}
