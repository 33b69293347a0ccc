// A live event's page (/live/{id}): where to publish (ingest.tsx), going
// live from the browser itself (browser.tsx, uploaders and above), how to
// set up OBS (obs.tsx), the status moving preparing → live → processing →
// ready as the page reads it again (poll.ts), the player while the event is
// live, its restreams (restreams.tsx) until it ends, and the recording once
// it is ready. The player is the /embed page in a same-origin frame, as on
// the video page: it already plays live HLS (Video.js, with its LIVE
// indicator, docs/live.md) and opens a private event by the session cookie,
// so the dashboard needs no HLS engine of its own.
import { Problem, StatusBadge } from '../../components';
import { date, duration } from '../../format';
import { canEditVideos } from '../../roles';
import { BrowserPublisher } from './browser';
import { Ingest } from './ingest';
import { OBSSettings } from './obs';
import { usePolledEvent } from './poll';
import { Restreams } from './restreams';
import type { LiveEvent } from './types';
import './live.css';

const steps = [
  { status: 'preparing', label: 'Preparing' },
  { status: 'live', label: 'Live' },
  { status: 'processing', label: 'Processing the recording' },
  { status: 'ready', label: 'Recording ready' },
] as const;

export function LiveEventPage({ id, role }: { id: string; role: string }) {
  const { event, problem } = usePolledEvent(id);
  if (!event) {
    return (
      <section class="vh-page">
        <h1>Live event</h1>
        <Problem message={problem} />
        {!problem && <p>Loading…</p>}
      </section>
    );
  }
  if (event.type !== 'event') {
    return (
      <section class="vh-page">
        <h1>{event.name}</h1>
        <p class="vh-note">This video is not a live event: see <a href={`/videos/${event.id}`}>its video page</a>.</p>
      </section>
    );
  }
  const ended = event.status !== 'preparing' && event.status !== 'live';
  return (
    <section class="vh-page vh-live-page" data-event-id={event.id}>
      <p><a href="/live">← All live events</a></p>
      <div class="vh-page-head">
        <h1>{event.name}</h1>
        <StatusBadge status={event.status} progress={event.progress} />
      </div>
      <Steps status={event.status} />
      <Problem message={problem} />
      <StatusNote event={event} />
      {(event.status === 'live' || event.status === 'ready') && (
        <div class="vh-player">
          {/* A new frame when the event turns into its recording: the live playlist has ended. */}
          <iframe key={event.status} src={`/embed/${event.id}`} title={`Player: ${event.name}`} allow="autoplay; fullscreen; picture-in-picture" />
        </div>
      )}
      {event.status === 'ready' && <Recording event={event} />}
      {!ended && <Ingest id={event.id} role={role} />}
      {!ended && canEditVideos(role) && <BrowserPublisher id={event.id} />}
      {!ended && <Restreams id={event.id} role={role} live={event.status === 'live'} />}
      {!ended && <OBSSettings />}
      <h2>Details</h2>
      <dl class="vh-facts">
        <dt>Privacy</dt><dd>{event.privacy}</dd>
        <dt>Created</dt><dd>{date(event.created_time)}</dd>
        <dt>Id</dt><dd><code>{event.id}</code></dd>
      </dl>
      <p>Name, privacy, thumbnail, chapters and deletion: on <a href={`/videos/${event.id}`}>the event's video page</a>.</p>
    </section>
  );
}

/** Steps shows where the event is on its way from preparing to a ready recording. */
function Steps({ status }: { status: string }) {
  const at = steps.findIndex((step) => step.status === status);
  return (
    <ol class="vh-live-steps" aria-label="Progress of the event">
      {steps.map((step, i) => (
        <li key={step.status} data-step={step.status} class={i < at ? 'vh-step-done' : i === at ? 'vh-step-now' : ''}
          aria-current={i === at ? 'step' : undefined}>
          {step.label}
        </li>
      ))}
    </ol>
  );
}

/** StatusNote says, in a live region, what the status means and what to do now. */
function StatusNote({ event }: { event: LiveEvent }) {
  if (event.status === 'error') {
    return <p class="vh-problem" role="alert">This event ended without a recording: {event.status_reason || 'no reason was given'}.</p>;
  }
  const words: Record<string, string> = {
    preparing: 'Waiting for your encoder: publish to one of the addresses below with the stream key. This page updates by itself.',
    live: 'Live now: viewers see it on the watch page and in embeds. Stop your encoder to end the event; the recording is processed afterwards.',
    processing: `The event has ended. The recording is being processed: ${event.progress}% done.`,
    ready: 'The event has ended and its recording is ready: it plays above and is among your videos.',
  };
  return <p class="vh-note" role="status">{words[event.status] ?? ''}</p>;
}

/** Recording links the finished event, now an ordinary video. */
function Recording({ event }: { event: LiveEvent }) {
  return (
    <section aria-labelledby="vh-recording-title">
      <h2 id="vh-recording-title">Recording</h2>
      <p>
        {event.duration > 0 ? `${duration(event.duration)} recorded. ` : ''}
        Edit it, share it or embed it on <a href={`/videos/${event.id}`} id="vh-recording-link">its video page</a>;
        viewers watch it at <a href={`/watch/${event.id}`}>its watch page</a>.
      </p>
    </section>
  );
}
