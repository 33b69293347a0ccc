// Videos: a paged list of the account's videos, newest first, with search
// and filters (kept in the URL, so a list can be linked and reloaded), thumbnails,
// durations, views, and statuses that move on by themselves: while a video
// on the page is still preparing or processing, the page is read again
// every few seconds. Writers select videos for bulk actions (videos/bulk.tsx).
// Shown as a sortable table (videos/table.tsx) or as cards (videos/row.tsx),
// the person's choice remembered in localStorage (videos/view.ts).
import { useEffect, useState } from 'preact/hooks';
import { APIError, list, type Page } from '../api';
import { Problem } from '../components';
import { canEditVideos } from '../roles';
import { navigate } from '../router';
import type { Video } from '../types';
import { BulkActions, SelectAll } from './videos/bulk';
import { EmptyState } from './videos/empty';
import { FilterForm, newestFirst, readFilters, useChoices, type Filters } from './videos/filters';
import { VideoRow } from './videos/row';
import { readOrder, sortPage, VideoTable } from './videos/table';
import { useListView, ViewToggle } from './videos/view';
import { viewCounts, viewWindowDays } from './videos/views';

/** pollInterval is how often a page with unfinished videos is read again. */
const pollInterval = 3000;
const pageSize = '20';

const unfinished = (v: Video) => v.status === 'preparing' || v.status === 'processing';

export function VideosPage({ url, role }: { url: URL; role: string }) {
  const query = url.searchParams;
  const filters = readFilters(query);
  const sort = query.get('sort') ?? '';
  const cursor = query.get('cursor') ?? '';
  const [page, setPage] = useState<Page<Video> | null>(null);
  const [problem, setProblem] = useState('');
  const [trail, setTrail] = useState<string[]>([]); // cursors of the pages before this one
  const [reloads, setReloads] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const views = useViews(page);
  const choices = useChoices(page !== null || problem !== '');
  const canWrite = canEditVideos(role);
  const order = readOrder(query);
  const [view, setView] = useListView();

  // The page's own order ("by") sorts what is on screen: it asks nothing new.
  const search = withoutParam(url.search, 'by');
  useEffect(() => setSelected(new Set()), [search]);
  useEffect(() => {
    // The list the URL asks for: its filters, order and page.
    const query = new URLSearchParams(search);
    const filters = readFilters(query);
    const sort = query.get('sort') ?? '';
    const cursor = query.get('cursor') ?? '';
    let stopped = false;
    let timer = 0;
    const load = async () => {
      try {
        const next = await list<Video>('/v2/videos', { ...filters, sort: sort || newestFirst, limit: pageSize }, cursor);
        if (stopped) return;
        setPage(next);
        setProblem('');
        if (next.items.some(unfinished)) timer = window.setTimeout(load, pollInterval);
      } catch (error) {
        if (stopped) return;
        setProblem(error instanceof APIError ? error.message : String(error));
        // A dropped connection or a server error passes: keep trying, so
        // the list comes back (and keeps moving) by itself. A refusal would
        // only be refused again.
        if (error instanceof APIError && (error.status === 0 || error.status >= 500)) timer = window.setTimeout(load, 2 * pollInterval);
      }
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [search, reloads]);

  const go = (changes: Record<string, string>) => {
    const next = new URLSearchParams(query);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    const search = next.toString();
    navigate('/videos' + (search ? '?' + search : ''), true);
  };
  const refilter = (changes: Partial<Filters> & { sort?: string; by?: string }) => {
    setTrail([]);
    go({ ...changes, cursor: '' });
  };
  const select = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const items = sortPage(page?.items ?? [], order, views);
  const chosen = items.filter((v) => selected.has(v.id));

  return (
    <section class="vh-page">
      <div class="vh-page-head">
        <h1>Videos</h1>
        <a class="vh-button vh-button-primary" href="/upload">Upload videos</a>
      </div>
      <FilterForm filters={filters} sort={sort} onSort={(value) => refilter({ sort: value })} choices={choices}
        onFilter={(name, value) => refilter({ [name]: value })}
        onSearch={(search, tag) => refilter({ search, tag })} />
      <Problem message={problem} />
      {canWrite && page && (
        <BulkActions selected={chosen} hasVideos={items.length > 0} folders={choices.folders} currentFolder={filters.folder}
          onDone={(succeeded) => {
            // Functional updates: the action may have taken a while, and the
            // selection may have changed meanwhile.
            setSelected((now) => new Set([...now].filter((id) => !succeeded.includes(id))));
            setReloads((n) => n + 1);
          }} />
      )}
      {page && items.length === 0 && (
        <EmptyState filters={filters} folderName={choices.folders.find((f) => f.id === filters.folder)?.path ?? ''}
          onClear={() => refilter({ search: '', tag: '', status: '', privacy: '', folder: '', category: '' })} />
      )}
      {items.length > 0 && (
        <>
          <div class="vh-list-head">
            <span class="vh-list-head-start">
              {canWrite && <SelectAll total={items.length} selected={chosen.length}
                onChange={(on) => setSelected(new Set(on ? items.map((v) => v.id) : []))} />}
              <span class="vh-hint">Views: plays in the last {viewWindowDays} days.</span>
            </span>
            <ViewToggle view={view} onChange={setView} />
          </div>
          {view === 'table' ? (
            <VideoTable videos={items} views={views} order={order} selectable={canWrite} selected={selected} onSelect={select}
              onOrder={(next) => next.column === 'created'
                ? refilter({ sort: next.descending ? '' : 'created_time', by: '' })
                : go({ by: (next.descending ? '-' : '') + next.column })} />
          ) : (
            <ul class="vh-video-list" aria-label="Videos">
              {items.map((video) => (
                <VideoRow key={video.id} video={video} views={views.get(video.id)} selectable={canWrite}
                  selected={selected.has(video.id)} onSelect={select} />
              ))}
            </ul>
          )}
        </>
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

/** withoutParam is a query string less one parameter. */
function withoutParam(search: string, name: string): string {
  const query = new URLSearchParams(search);
  query.delete(name);
  const rest = query.toString();
  return rest ? '?' + rest : '';
}

/**
 * useViews reads the view counts of the page's videos when the set of ids
 * changes (not on every poll: counts move slowly); a failed read leaves the
 * column empty rather than the list unusable.
 */
function useViews(page: Page<Video> | null): Map<string, number> {
  const [views, setViews] = useState<Map<string, number>>(new Map());
  const ids = (page?.items ?? []).map((v) => v.id).join(',');
  useEffect(() => {
    let stopped = false;
    if (!ids) return;
    viewCounts(ids.split(','))
      .then((counts) => !stopped && setViews(counts))
      .catch(() => !stopped && setViews(new Map()));
    return () => {
      stopped = true;
    };
  }, [ids]);
  return views;
}
