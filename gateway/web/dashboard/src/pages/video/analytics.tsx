// A video's views on its page's Analytics tab: the plays of the last 365
// days (the list's count, ../videos/views.ts) and the way into the
// analytics page filtered to this video (chart by day, sites, countries),
// and its viewer experience over the last 30 days.
import { Problem } from '../../components';
import { useResource } from '../../resource';
import type { Video } from '../../types';
import { Experience } from '../analytics/experience';
import { count } from '../videos/count';
import { viewCounts, viewWindowDays } from '../videos/views';

export function VideoAnalytics({ video }: { video: Video }) {
  const { data: views, problem } = useResource(async () => (await viewCounts([video.id])).get(video.id) ?? 0, [video.id]);
  const report = `/analytics?${new URLSearchParams({ filter: `video_id==${video.id}` })}`;
  return (
    <section aria-labelledby="vh-video-analytics-title">
      <h2 id="vh-video-analytics-title">Analytics</h2>
      <Problem message={problem} />
      <p class="vh-stat">
        <span class="vh-stat-value" id="vh-video-views">{views === null ? '…' : count(views)}</span>
        <span class="vh-stat-label">{views === 1 ? 'view' : 'views'} in the last {viewWindowDays} days</span>
      </p>
      <p><a class="vh-button" href={report}>Views by day, sites and countries</a></p>
      <Experience start={isoDay(29)} end={isoDay(0)} filter={`video_id==${video.id}`} idPrefix="vh-video-experience" />
    </section>
  );
}

/** isoDay is the UTC date n days before today. */
function isoDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}
