// Each video's view count for the list, from the analytics report
// (docs/analytics.md, "A video's view count"): one GET /v2/analytics/videos
// per page, filtered on the page's ids, read from the per-video daily
// roll-up. The report spans at most 366 days, so the list counts the plays of
// the last 365 days, today included, and says so.
import { get } from '../../api';

/** viewWindowDays is how many days, today included, the views column counts. */
export const viewWindowDays = 365;

/** filterConditions is the analytics filter's largest number of conditions. */
const filterConditions = 20;

const dayMs = 24 * 60 * 60 * 1000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** viewCounts maps each id to its views over the window (0 when it has none). */
export async function viewCounts(ids: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(ids.map((id) => [id, 0]));
  const end = new Date();
  const start = new Date(end.getTime() - (viewWindowDays - 1) * dayMs);
  for (let i = 0; i < ids.length; i += filterConditions) {
    const chunk = ids.slice(i, i + filterConditions);
    const query = new URLSearchParams({
      metric: 'views',
      start: isoDay(start),
      end: isoDay(end),
      limit: String(chunk.length),
      // Ids are id characters only: no `,`, `;` or `\` to escape.
      filter: chunk.map((id) => `video_id==${id}`).join(','),
    });
    const rows = await get<{ video_id: string; views: number }[]>(`/v2/analytics/videos?${query}`);
    for (const row of rows) counts.set(row.video_id, row.views);
  }
  return counts;
}
