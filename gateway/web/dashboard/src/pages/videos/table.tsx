// The video list as a dense table (the default view): selection box,
// thumbnail, name, status with progress (and a failure's reason), duration,
// privacy, views and created, each column sortable from its header.
// "Created" is the API's own order, over the whole list (the URL's sort);
// the other columns sort the page on screen (the URL's "by"), since the
// API orders videos by creation only.
import { StatusBadge } from '../../components';
import { date, duration } from '../../format';
import type { Video } from '../../types';
import { failureReason } from '../video/failed';
import { count } from './count';
import type { VideoRowProps } from './row';

/** Column is a sortable column of the table; "created" is the server's order. */
export type Column = 'name' | 'status' | 'duration' | 'privacy' | 'views' | 'created';

/** Order is a column and its direction, as the URL's "by" writes it ("-views"). */
export interface Order {
  column: Column;
  descending: boolean;
}

const columns: Column[] = ['name', 'status', 'duration', 'privacy', 'views', 'created'];

/** readOrder reads the table's order from the URL: by=<column> or by=-<column>, else created (sort). */
export function readOrder(query: URLSearchParams): Order {
  const by = query.get('by') ?? '';
  const column = by.replace(/^-/, '') as Column;
  if (columns.includes(column) && column !== 'created') return { column, descending: by.startsWith('-') };
  return { column: 'created', descending: query.get('sort') !== 'created_time' };
}

const statusRank: Record<string, number> = { error: 0, preparing: 1, processing: 2, live: 3, ready: 4 };

/** sortPage orders the page's videos by a column other than created (kept as the API sent it). */
export function sortPage(videos: Video[], order: Order, views: Map<string, number>): Video[] {
  if (order.column === 'created') return videos;
  const key = (v: Video): string | number => {
    switch (order.column) {
      case 'name': return v.name.toLocaleLowerCase();
      case 'status': return statusRank[v.status] * 1000 + v.progress;
      case 'duration': return v.duration;
      case 'privacy': return v.privacy;
      case 'views': return views.get(v.id) ?? -1;
    }
    return 0;
  };
  const sign = order.descending ? -1 : 1;
  return [...videos].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x < y ? -sign : x > y ? sign : 0;
  });
}

const headings: Record<Column, string> = {
  name: 'Name', status: 'Status', duration: 'Duration', privacy: 'Privacy', views: 'Views', created: 'Created',
};

export function VideoTable(props: {
  videos: Video[];
  views: Map<string, number>;
  order: Order;
  onOrder: (order: Order) => void;
  selectable: boolean;
  selected: Set<string>;
  onSelect: (id: string, selected: boolean) => void;
}) {
  const { order } = props;
  const header = (column: Column, numeric = false) => {
    const current = order.column === column;
    // A first click sorts names A to Z and numbers largest first; a second reverses.
    const next = { column, descending: current ? !order.descending : column !== 'name' && column !== 'privacy' && column !== 'status' };
    return (
      <th scope="col" class={`vh-col-${column}${numeric ? ' vh-number' : ''}`}
        aria-sort={current ? (order.descending ? 'descending' : 'ascending') : undefined}>
        <button type="button" class="vh-sort" onClick={() => props.onOrder(next)}>
          {headings[column]}
          <span class="vh-sort-arrow" aria-hidden="true">{current && !order.descending ? '▲' : '▼'}</span>
        </button>
      </th>
    );
  };
  return (
    <table class="vh-table vh-video-table" aria-label="Videos">
      <thead>
        <tr>
          {props.selectable && <th scope="col" class="vh-col-select"><span class="vh-visually-hidden">Selected</span></th>}
          <th scope="col" class="vh-col-thumb"><span class="vh-visually-hidden">Thumbnail</span></th>
          {header('name')}
          {header('status')}
          {header('duration', true)}
          {header('privacy')}
          {header('views', true)}
          {header('created')}
        </tr>
      </thead>
      <tbody>
        {props.videos.map((video) => (
          <VideoTableRow key={video.id} video={video} views={props.views.get(video.id)} selectable={props.selectable}
            selected={props.selected.has(video.id)} onSelect={props.onSelect} />
        ))}
      </tbody>
    </table>
  );
}

function VideoTableRow(props: VideoRowProps) {
  const { video, views } = props;
  return (
    <tr class={props.selected ? 'vh-video vh-video-selected' : 'vh-video'} data-video-id={video.id}>
      {props.selectable && (
        <td class="vh-col-select">
          <input type="checkbox" class="vh-select" checked={props.selected} aria-label={`Select ${video.name}`}
            onChange={(e) => props.onSelect(video.id, e.currentTarget.checked)} />
        </td>
      )}
      <td class="vh-col-thumb">
        <span class="vh-thumb">
          {video.thumbnail ? <img src={video.thumbnail} alt="" loading="lazy" width={72} height={41} /> : <span class="vh-thumb-empty" />}
        </span>
      </td>
      <td class="vh-col-name"><a href={`/videos/${video.id}`} class="vh-video-name">{video.name}</a></td>
      <td class="vh-col-status">
        <span class="vh-cell-status">
          <StatusBadge status={video.status} progress={video.progress} />
          {video.status === 'processing' && (
            <progress class="vh-progress" max={100} value={video.progress} aria-label={`${video.name}: transcoded`}>{video.progress}%</progress>
          )}
          {video.status === 'error' && <span class="vh-video-reason">{failureReason(video)}</span>}
        </span>
      </td>
      <td class="vh-col-duration vh-number">{video.duration > 0 ? <span class="vh-duration">{duration(video.duration)}</span> : '—'}</td>
      <td class="vh-col-privacy"><span class="vh-privacy">{video.privacy}</span></td>
      <td class="vh-col-views vh-number">
        <span class="vh-views" data-views={views ?? ''}>
          {views === undefined ? '' : <>{count(views)}<span class="vh-visually-hidden"> {views === 1 ? 'view' : 'views'}</span></>}
        </span>
      </td>
      <td class="vh-col-created"><span class="vh-created">{date(video.created_time)}</span></td>
    </tr>
  );
}
