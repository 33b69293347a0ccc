// Videos: a paged list of the account's videos with search and filters
// (kept in the URL, so a list can be linked and reloaded), thumbnails,
// durations and statuses that move on by themselves: while a video on the
// page is still preparing or processing, the page is read again every few
// seconds.
import { useEffect, useState } from 'preact/hooks';
import { APIError, list, type Page } from '../api';
import { Problem, StatusBadge } from '../components';
import { duration } from '../format';
import { navigate } from '../router';
import type { Video } from '../types';

/** pollInterval is how often a page with unfinished videos is read again. */
const pollInterval = 3000;
const pageSize = '20';

const unfinished = (v: Video) => v.status === 'preparing' || v.status === 'processing';

export function VideosPage({ url }: { url: URL }) {
  const query = url.searchParams;
  const filters = {
    search: query.get('search') ?? '',
    tag: query.get('tag') ?? '',
    status: query.get('status') ?? '',
    privacy: query.get('privacy') ?? '',
  };
  const cursor = query.get('cursor') ?? '';
  const [page, setPage] = useState<Page<Video> | null>(null);
  const [problem, setProblem] = useState('');
  const [trail, setTrail] = useState<string[]>([]); // cursors of the pages before this one

  useEffect(() => {
    let stopped = false;
    let timer = 0;
    const load = async () => {
      try {
        const next = await list<Video>('/v2/videos', { ...filters, limit: pageSize }, cursor);
        if (stopped) return;
        setPage(next);
        setProblem('');
        if (next.items.some(unfinished)) timer = window.setTimeout(load, pollInterval);
      } catch (error) {
        if (!stopped) setProblem(error instanceof APIError ? error.message : String(error));
      }
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [url.search]);

  const go = (changes: Record<string, string>) => {
    const next = new URLSearchParams(query);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    const search = next.toString();
    navigate('/videos' + (search ? '?' + search : ''), true);
  };
  const filter = (name: string, value: string) => {
    setTrail([]);
    go({ [name]: value, cursor: '' });
  };
  const search = (form: FormData) => {
    setTrail([]);
    go({ search: String(form.get('search') ?? '').trim(), tag: String(form.get('tag') ?? '').trim().toLowerCase(), cursor: '' });
  };

  return (
    <section class="vh-page">
      <div class="vh-page-head">
        <h1>Videos</h1>
        <a class="vh-button vh-button-primary" href="/upload">Upload videos</a>
      </div>
      <form class="vh-filters" role="search" onSubmit={(e) => { e.preventDefault(); search(new FormData(e.currentTarget)); }}>
        <label>
          Search by name
          <input name="search" type="search" defaultValue={filters.search} maxLength={100} />
        </label>
        <label>
          Tag
          <input name="tag" type="text" defaultValue={filters.tag} maxLength={50} size={12} />
        </label>
        <label>
          Status
          <select value={filters.status} onChange={(e) => filter('status', e.currentTarget.value)}>
            <option value="">Any</option>
            <option value="preparing">Preparing</option>
            <option value="processing">Processing</option>
            <option value="ready">Ready</option>
            <option value="error">Error</option>
          </select>
        </label>
        <label>
          Privacy
          <select value={filters.privacy} onChange={(e) => filter('privacy', e.currentTarget.value)}>
            <option value="">Any</option>
            <option value="public">Public</option>
            <option value="unlisted">Unlisted</option>
            <option value="private">Private</option>
          </select>
        </label>
        <button type="submit" class="vh-button">Search</button>
      </form>
      <Problem message={problem} />
      {page && page.items.length === 0 && <EmptyState filtered={Boolean(filters.search || filters.tag || filters.status || filters.privacy)} />}
      {page && page.items.length > 0 && (
        <ul class="vh-video-list" aria-label="Videos">
          {page.items.map((video) => <VideoRow key={video.id} video={video} />)}
        </ul>
      )}
      {page && (cursor || page.next) && (
        <nav class="vh-pager" aria-label="Pages">
          <button type="button" class="vh-button" disabled={!cursor} onClick={() => { const previous = trail.slice(0, -1); go({ cursor: trail[trail.length - 1] ?? '' }); setTrail(previous); }}>
            Previous page
          </button>
          <button type="button" class="vh-button" disabled={!page.next} onClick={() => { setTrail([...trail, cursor]); go({ cursor: page.next }); }}>
            Next page
          </button>
        </nav>
      )}
    </section>
  );
}

function VideoRow({ video }: { video: Video }) {
  return (
    <li class="vh-video" data-video-id={video.id}>
      <a href={`/videos/${video.id}`} class="vh-video-link">
        <span class="vh-thumb">
          {video.thumbnail ? <img src={video.thumbnail} alt="" loading="lazy" width={160} height={90} /> : <span class="vh-thumb-empty" aria-hidden="true" />}
          {video.duration > 0 && <span class="vh-duration">{duration(video.duration)}</span>}
        </span>
        <span class="vh-video-name">{video.name}</span>
      </a>
      <span class="vh-video-meta">
        <StatusBadge status={video.status} progress={video.progress} />
        <span class="vh-privacy">{video.privacy}</span>
      </span>
    </li>
  );
}

function EmptyState({ filtered }: { filtered: boolean }) {
  if (filtered) return <p class="vh-empty">No video matches these filters. Clear the search or choose “Any”.</p>;
  return (
    <div class="vh-empty">
      <h2>No videos yet</h2>
      <p>Upload a file to make your first video: it is ready to play a minute or two later.</p>
      <a class="vh-button vh-button-primary" href="/upload">Upload videos</a>
    </div>
  );
}
