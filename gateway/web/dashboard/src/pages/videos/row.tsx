// One video of the list's card view: its selection box (for bulk actions), thumbnail
// and duration, name, status (with a progress bar while processing, the
// reason when it failed), privacy and views.
import { StatusBadge } from '../../components';
import { duration } from '../../format';
import type { Video } from '../../types';
import { count } from './count';
import { failureReason } from '../video/failed';


/** VideoRowProps are one video of the list, in either view (cards or table). */
export interface VideoRowProps {
  video: Video;
  views: number | undefined;
  selectable: boolean;
  selected: boolean;
  onSelect: (id: string, selected: boolean) => void;
}

export function VideoRow(props: VideoRowProps) {
  const { video, views } = props;
  return (
    <li class={props.selected ? 'vh-video vh-video-selected' : 'vh-video'} data-video-id={video.id}>
      {props.selectable && (
        <input type="checkbox" class="vh-select" checked={props.selected} aria-label={`Select ${video.name}`}
          onChange={(e) => props.onSelect(video.id, e.currentTarget.checked)} />
      )}
      <a href={`/videos/${video.id}`} class="vh-video-link">
        <span class="vh-thumb">
          {video.thumbnail ? <img src={video.thumbnail} alt="" loading="lazy" width={160} height={90} /> : <span class="vh-thumb-empty" aria-hidden="true" />}
          {video.duration > 0 && <span class="vh-duration">{duration(video.duration)}</span>}
        </span>
        <span class="vh-video-name">{video.name}</span>
      </a>
      <span class="vh-video-meta">
        <StatusBadge status={video.status} progress={video.progress} />
        {video.status === 'error' && <span class="vh-video-reason">{failureReason(video)}</span>}
        {video.status === 'processing' && (
          <progress class="vh-progress" max={100} value={video.progress} aria-label={`${video.name}: transcoded`}>{video.progress}%</progress>
        )}
        <span class="vh-privacy">{video.privacy}</span>
        <span class="vh-views" data-views={views ?? ''}>
          {views === undefined ? '' : `${count(views)} ${views === 1 ? 'view' : 'views'}`}
        </span>
      </span>
    </li>
  );
}
