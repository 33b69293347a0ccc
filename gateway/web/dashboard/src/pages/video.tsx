// Video detail: the player (the /embed page in a frame: same origin, so the
// session cookie opens private videos, docs/playback.md) and the video's
// facts on top, then tabs (./video/tabs.tsx, the tab in the URL):
// Overview (the editable fields, thumbnail, outputs with copy buttons,
// delete), Captions and transcripts, Interactivity (cards, gates and leads,
// hotspots), Chapters, Embed and share, Analytics. The player stays above
// the tabs, so what a section changes can be seen in it. The parts attached
// to a video each have a file in ./video/.
import { useEffect, useState } from 'preact/hooks';
import { APIError, del, get } from '../api';
import { Confirm, CopyButton, Problem, StatusBadge } from '../components';
import { date, duration } from '../format';
import { useAction } from '../resource';
import { navigate } from '../router';
import type { Video } from '../types';
import { Cards } from './video/cards';
import { Chapters } from './video/chapters';
import { EditForm } from './video/details';
import { FailedVideo } from './video/failed';
import { Gates } from './video/gates';
import { HotspotLayer, useHotspotEditor } from './video/hotspot-layer';
import { Hotspots } from './video/hotspots';
import { ratioStyle } from './video/aspect';
import { Sharing } from './video/share';
import { Thumbnail } from './video/thumbnail';
import { TabList, TabPanel, useTab, type TabDef } from './video/tabs';
import { VideoAnalytics } from './video/analytics';
import { Tracks } from './video/tracks';
import type { VideoDetail } from './video/types';
import './video/video.css';

const pollInterval = 3000;

/** tabs are the video page's sections, in order; the first is shown without ?tab=. */
const tabs: TabDef[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'captions', label: 'Captions and transcripts' },
  { id: 'interactivity', label: 'Interactivity' },
  { id: 'chapters', label: 'Chapters' },
  { id: 'share', label: 'Embed and share' },
  { id: 'analytics', label: 'Analytics' },
];

export function VideoPage({ id }: { id: string }) {
  const [video, setVideo] = useState<VideoDetail | null>(null);
  const [problem, setProblem] = useState('');
  const [playerVersion, setPlayerVersion] = useState(0);
  const editor = useHotspotEditor();
  const [tab, chooseTab] = useTab(tabs);
  const reload = async () => setVideo(await get<VideoDetail>(`/v2/videos/${id}`));
  useEffect(() => {
    let stopped = false;
    let timer = 0;
    const load = async () => {
      try {
        const next = await get<VideoDetail>(`/v2/videos/${id}`);
        if (stopped) return;
        setVideo(next);
        if (next.status === 'preparing' || next.status === 'processing' || next.status === 'live') timer = window.setTimeout(load, pollInterval);
      } catch (error) {
        if (!stopped) setProblem(error instanceof APIError && error.status === 404 ? 'This video does not exist, or was deleted.' : String((error as Error).message));
      }
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id]);

  if (!video) {
    return (
      <section class="vh-page">
        <h1>Video</h1>
        <Problem message={problem} />
        {!problem && <p>Loading…</p>}
      </section>
    );
  }
  return (
    <section class="vh-page vh-video-page">
      <p class="vh-back"><a href="/videos">← All videos</a></p>
      <div class="vh-page-head vh-video-head">
        <h1>{video.name}</h1>
        <StatusBadge status={video.status} progress={video.progress} />
      </div>
      {video.type === 'event' && (
        <p class="vh-note" id="vh-live-link">A live event: where to publish, its stream key and its live status are on <a href={`/live/${video.id}`}>its live page</a>.</p>
      )}
      <div class="vh-video-top">
      <div class="vh-video-stage">
      {(video.status === 'ready' || video.status === 'live') && (
        <>
          <div class="vh-player" style={ratioStyle(video.aspect_ratio)}>
            <iframe key={playerVersion} src={`/embed/${video.id}`} title={`Player: ${video.name}`} allow="autoplay; fullscreen; picture-in-picture" />
            <HotspotLayer video={video} editor={editor} onChanged={reload} />
          </div>
          <p class="vh-actions-start">
            <button type="button" class="vh-button vh-button-small" id="vh-player-reload" onClick={() => setPlayerVersion((v) => v + 1)}>Reload the player</button>
            <span class="vh-hint">to see the changes below in it.</span>
          </p>
        </>
      )}
      {video.status === 'error' && <FailedVideo video={video} />}
      {(video.status === 'processing' || (video.status === 'preparing' && video.type !== 'event')) && (
        <p class="vh-note" role="status">Transcoding: {video.progress}% done. This page updates by itself.</p>
      )}
      </div>
      <dl class="vh-facts vh-video-facts">
        <dt>Duration</dt><dd>{video.duration ? duration(video.duration) : '—'}</dd>
        <dt>Privacy</dt><dd class="vh-privacy">{video.privacy}</dd>
        <dt>Created</dt><dd>{date(video.created_time)}</dd>
        <dt>Id</dt><dd><code>{video.id}</code> <CopyButton text={video.id} label="Copy the video's id" /></dd>
      </dl>
      </div>
      {/* A failed video has nothing to share, frame or attach to: FailedVideo above says what to do. */}
      {video.status === 'error' ? (
        <>
          <EditForm key={video.id} video={video} onSaved={(next) => setVideo({ ...video, ...next })} />
          <DeleteVideo video={video} />
        </>
      ) : (
        <>
        <TabList label="Video sections" tabs={tabs} current={tab} onChoose={chooseTab} />
        <TabPanel id="overview" current={tab}>
          <EditForm key={video.id} video={video} onSaved={(next) => setVideo({ ...video, ...next })} />
          <Thumbnail video={video} onChanged={reload} />
          <Outputs video={video} />
          <DeleteVideo video={video} />
        </TabPanel>
        <TabPanel id="captions" current={tab}>
          {video.type === 'event' ? onDemandOnly : <Tracks video={video} onChanged={reload} />}
        </TabPanel>
        <TabPanel id="interactivity" current={tab}>
          {video.type === 'event' ? onDemandOnly : (
            <>
              <Cards video={video} onChanged={reload} />
              <Gates video={video} onChanged={reload} />
              <Hotspots video={video} onChanged={reload} editor={editor} />
            </>
          )}
        </TabPanel>
        <TabPanel id="chapters" current={tab}>
          <Chapters video={video} onChanged={reload} />
        </TabPanel>
        <TabPanel id="share" current={tab}>
          <Sharing video={video} />
        </TabPanel>
        <TabPanel id="analytics" current={tab}>
          {tab === 'analytics' && <VideoAnalytics video={video} />}
        </TabPanel>
        </>
      )}
    </section>
  );
}

const onDemandOnly = <p class="vh-note">Tracks, cards, gates and hotspots are for videos on demand, not live events.</p>;

function Outputs({ video }: { video: Video }) {
  if (video.outputs.length === 0) return null;
  return (
    <section aria-labelledby="vh-outputs-title">
      <h2 id="vh-outputs-title">Outputs</h2>
      <ul class="vh-outputs">
        {video.outputs.map((output) => (
          <li key={output.url}>
            <span class="vh-output-label">{output.label}</span>
            <code class="vh-output-url">{output.url}</code>
            <CopyButton text={output.url} label={`Copy the ${output.label} URL`} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeleteVideo({ video }: { video: Video }) {
  const [asking, setAsking] = useState(false);
  const { problem, run } = useAction();
  const remove = () => {
    setAsking(false);
    run(async () => {
      await del(`/v2/videos/${video.id}`);
      navigate('/videos');
    });
  };
  return (
    <section aria-labelledby="vh-delete-title" class="vh-danger-zone">
      <h2 id="vh-delete-title">Delete</h2>
      <p>Deleting removes the video and every file made from it. It cannot be undone.</p>
      <button type="button" class="vh-button vh-button-danger" onClick={() => setAsking(true)}>Delete this video</button>
      <Problem message={problem} />
      <Confirm open={asking} title={`Delete “${video.name}”?`} action="Delete" onConfirm={remove} onCancel={() => setAsking(false)}>
        <p>The video, its outputs and its statistics are removed for good.</p>
      </Confirm>
    </section>
  );
}
