// Bulk actions on the videos selected on a page: move to a folder, set the
// privacy, delete (after a confirmation). The API has no batch endpoint, so
// each video is one call (a few at a time), and every failure is reported
// by the video's name with the API's message: a partial failure says how
// many succeeded and which did not, and those stay selected for a retry.
import { useEffect, useRef, useState } from 'preact/hooks';
import { APIError, del, patch, post } from '../../api';
import { Confirm } from '../../components';
import { value } from '../../resource';
import type { Video } from '../../types';

/** parallel is how many calls a bulk action has in flight at once. */
const parallel = 4;

interface Outcome {
  video: Video;
  error: string; // "" when it worked
}

/** runEach applies action to every video, parallel at a time, and never throws. */
async function runEach(videos: Video[], action: (v: Video) => Promise<void>, onProgress: (done: number) => void): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < videos.length) {
      const video = videos[next++];
      let error = '';
      try {
        await action(video);
      } catch (e) {
        error = e instanceof APIError || e instanceof Error ? e.message : String(e);
      }
      outcomes.push({ video, error });
      onProgress(outcomes.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, videos.length) }, worker));
  const order = new Map(videos.map((v, i) => [v.id, i]));
  return outcomes.sort((a, b) => (order.get(a.video.id) ?? 0) - (order.get(b.video.id) ?? 0));
}

const videosWord = (n: number) => (n === 1 ? '1 video' : `${n} videos`);

interface Report {
  done: string; // what happened to the ones that worked, e.g. "moved to “Season”"
  outcomes: Outcome[];
}

export function BulkActions(props: {
  selected: Video[];
  hasVideos: boolean; // false: the page is empty, only the last report shows
  folders: { id: string; path: string }[];
  currentFolder: string;
  onDone: (succeeded: string[]) => void;
}) {
  const { selected, folders, currentFolder } = props;
  const [busy, setBusy] = useState('');
  const [report, setReport] = useState<Report | null>(null);
  const [confirming, setConfirming] = useState(false);
  const current = folders.find((f) => f.id === currentFolder);

  const run = async (verb: string, done: string, action: (v: Video) => Promise<void>) => {
    const videos = selected;
    setReport(null);
    setBusy(`${verb} ${videosWord(videos.length)}…`);
    const outcomes = await runEach(videos, action, (n) => setBusy(`${verb} ${videosWord(videos.length)}: ${n} done…`));
    setBusy('');
    setReport({ done, outcomes });
    props.onDone(outcomes.filter((o) => !o.error).map((o) => o.video.id));
  };

  const move = (event: Event) => {
    event.preventDefault();
    const target = value(new FormData(event.currentTarget as HTMLFormElement), 'target');
    const folder = folders.find((f) => f.id === target);
    if (!folder) return;
    void run('Moving', `moved to “${folder.path}”`, async (v) => {
      await post(`/v2/folders/${folder.id}/videos/${v.id}`, {});
      // A video may be in several folders: "move" takes it out of the one
      // the list shows, if any.
      if (currentFolder && currentFolder !== folder.id) await del(`/v2/folders/${currentFolder}/videos/${v.id}`);
    });
  };
  const setPrivacy = (event: Event) => {
    event.preventDefault();
    const privacy = value(new FormData(event.currentTarget as HTMLFormElement), 'privacy');
    void run('Updating', `made ${privacy}`, async (v) => {
      await patch(`/v2/videos/${v.id}`, { privacy });
    });
  };
  const remove = () => {
    setConfirming(false);
    void run('Deleting', 'deleted', (v) => del(`/v2/videos/${v.id}`));
  };

  const count = selected.length;
  const off = count === 0 || busy !== '';
  const targets = folders.filter((f) => f.id !== currentFolder);
  if (!props.hasVideos) return report && <BulkReport report={report} onDismiss={() => setReport(null)} />;
  return (
    <section class="vh-bulk" aria-labelledby="vh-bulk-title">
      <h2 id="vh-bulk-title" class="vh-bulk-title">{count ? `${videosWord(count)} selected` : 'Select videos to move them, change their privacy or delete them'}</h2>
      {(count > 0 || busy) && <div class="vh-bulk-forms">
        <form class="vh-bulk-form" onSubmit={move}>
          <label>
            Move to folder
            <select name="target" required disabled={off || targets.length === 0} aria-describedby="vh-bulk-move-hint">
              {targets.length === 0 && <option value="">No other folder</option>}
              {targets.map((f) => <option key={f.id} value={f.id}>{f.path}</option>)}
            </select>
          </label>
          <button type="submit" class="vh-button" disabled={off || targets.length === 0}>Move</button>
          <span class="vh-hint" id="vh-bulk-move-hint">
            {current ? `They leave “${current.path}”.` : 'They stay in the folders they are already in.'}
          </span>
        </form>
        <form class="vh-bulk-form" onSubmit={setPrivacy}>
          <label>
            New privacy
            <select name="privacy" disabled={off}>
              <option value="public">Public</option>
              <option value="unlisted">Unlisted</option>
              <option value="private">Private</option>
            </select>
          </label>
          <button type="submit" class="vh-button" disabled={off}>Set privacy</button>
        </form>
        <button type="button" class="vh-button vh-button-danger" disabled={off} onClick={() => setConfirming(true)}>Delete…</button>
      </div>}
      <div class="vh-bulk-status" role="status">{busy}</div>
      {report && <BulkReport report={report} onDismiss={() => setReport(null)} />}
      <Confirm open={confirming} title={`Delete ${videosWord(count)}?`} action={`Delete ${videosWord(count)}`} onConfirm={remove} onCancel={() => setConfirming(false)}>
        <ul class="vh-bulk-names">
          {selected.slice(0, 10).map((v) => <li key={v.id}>{v.name}</li>)}
          {count > 10 && <li>and {count - 10} more</li>}
        </ul>
        <p>Their media files are deleted with them. This cannot be undone.</p>
      </Confirm>
    </section>
  );
}

/** BulkReport says how many worked and lists each failure with its reason. */
function BulkReport({ report, onDismiss }: { report: Report; onDismiss: () => void }) {
  const failed = report.outcomes.filter((o) => o.error);
  const worked = report.outcomes.length - failed.length;
  // The action's controls go when nothing is left selected: focus moves
  // here, so the keyboard does not fall back to the top of the page.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), [report]);
  const summary = failed.length === 0
    ? `${videosWord(worked)} ${report.done}.`
    : `${worked} of ${videosWord(report.outcomes.length)} ${report.done}; ${failed.length} failed:`;
  return (
    <div ref={box} tabIndex={-1} class={failed.length ? 'vh-bulk-report vh-problem' : 'vh-bulk-report vh-note'} role={failed.length ? 'alert' : 'status'}>
      <p>{summary}</p>
      {failed.length > 0 && (
        <ul class="vh-bulk-errors">
          {failed.map((o) => <li key={o.video.id} data-video-id={o.video.id}><strong>{o.video.name}</strong>: {o.error}</li>)}
        </ul>
      )}
      {failed.length > 0 && <p>Those still on this page stay selected, to try again.</p>}
      <button type="button" class="vh-button vh-button-small" onClick={onDismiss}>Dismiss</button>
    </div>
  );
}

/** SelectAll selects or clears every video on the page (mixed when some are). */
export function SelectAll(props: { total: number; selected: number; onChange: (all: boolean) => void }) {
  const { total, selected } = props;
  return (
    <label class="vh-select-all">
      <input type="checkbox" checked={total > 0 && selected === total} indeterminate={selected > 0 && selected < total}
        onChange={(e) => props.onChange(e.currentTarget.checked)} />
      Select all {total} on this page
    </label>
  );
}
