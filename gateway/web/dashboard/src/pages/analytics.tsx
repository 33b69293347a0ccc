// Analytics (docs/analytics.md): views over a date range as a chart (uPlot)
// with the same numbers as a table, and the top videos, domains and
// countries, all from GET /v2/analytics. The range and the filter live in the
// URL, so a report can be bookmarked; a refused one shows the API's message
// beside the field it names.
import { useEffect, useRef, useState } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { APIError, fieldErrors, get, list } from '../api';
import { Field, Problem } from '../components';
import { text, value } from '../resource';
import { navigate } from '../router';
import type { AnalyticsRow, Video } from '../types';
import { Experience } from './analytics/experience';

const formFields = ['start', 'end', 'filter'];
const topSize = '10';

/** deleted names a top video that no longer exists. */
const deleted = 'Deleted video';

interface Report {
  days: { day: string; views: number }[];
  videos: AnalyticsRow[];
  domains: AnalyticsRow[];
  countries: AnalyticsRow[];
  total: number;
}

/** isoDay is the UTC date n days before today, as the API wants it. */
function isoDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** everyDay fills the days without views (the API omits them) so the chart's line drops to zero there. */
function everyDay(start: string, end: string, rows: AnalyticsRow[]): { day: string; views: number }[] {
  const byDay = new Map(rows.map((r) => [String(r.day), r.views]));
  const out: { day: string; views: number }[] = [];
  const last = Date.parse(end + 'T00:00:00Z');
  for (let t = Date.parse(start + 'T00:00:00Z'); t <= last && out.length <= 366; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    out.push({ day, views: byDay.get(day) ?? 0 });
  }
  return out;
}

async function report(start: string, end: string, filter: string): Promise<Report> {
  const base = { metric: 'views', start, end, filter };
  const top = (dimension: string) => list<AnalyticsRow>('/v2/analytics', { ...base, dimension, by: 'views', limit: topSize });
  const [days, videos, domains, countries] = await Promise.all([
    list<AnalyticsRow>('/v2/analytics', { ...base, dimension: 'day' }),
    top('video_id'),
    top('domain'),
    top('country'),
  ]);
  const filled = everyDay(start, end, days.items);
  return {
    days: filled,
    videos: videos.items,
    domains: domains.items,
    countries: countries.items,
    total: filled.reduce((sum, d) => sum + d.views, 0),
  };
}

export function AnalyticsPage({ url }: { url: URL }) {
  const query = url.searchParams;
  const start = query.get('start') || isoDay(29);
  const end = query.get('end') || isoDay(0);
  const filter = query.get('filter') ?? '';
  const [data, setData] = useState<Report | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let current = true;
    setBusy(true);
    report(start, end, filter).then(
      (r) => current && (setData(r), setErrors({}), setBusy(false)),
      (error) => current && (setData(null), setErrors(error instanceof APIError ? fieldErrors(error, formFields) : { '': String(error) }), setBusy(false)),
    );
    return () => {
      current = false;
    };
  }, [start, end, filter]);
  const apply = (next: Record<string, string>) => {
    const params = new URLSearchParams({ start, end, filter, ...next });
    for (const [name, value] of [...params]) if (!value) params.delete(name);
    navigate(`/analytics?${params}`);
  };
  const submit = (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    apply({ start: value(data, 'start'), end: value(data, 'end'), filter: text(data, 'filter') });
  };
  return (
    <section class="vh-page">
      <h1>Analytics</h1>
      <p>Views of your videos (plays, a replay by the same viewer within 30 minutes counting once), by day, video, site and country. Dates are UTC.</p>
      <form class="vh-form vh-analytics-form" onSubmit={submit} aria-label="Report" key={`${start}/${end}/${filter}`}>
        <div class="vh-row-form">
          <Field id="vh-analytics-start" label="From" error={errors.start}>
            {(aria) => <input {...aria} type="date" name="start" defaultValue={start} required />}
          </Field>
          <Field id="vh-analytics-end" label="To" error={errors.end}>
            {(aria) => <input {...aria} type="date" name="end" defaultValue={end} required />}
          </Field>
        </div>
        <Field id="vh-analytics-filter" label="Filter" error={errors.filter} hint="For example country==US,country==CA or domain=@example.com;video_id==… (, is or, ; is and)">
          {(aria) => <input {...aria} name="filter" defaultValue={filter} maxLength={1000} />}
        </Field>
        <p class="vh-actions-start">
          <button type="submit" class="vh-button vh-button-primary">Show report</button>
          {[7, 30, 90].map((n) => (
            <button key={n} type="button" class="vh-button vh-button-small" onClick={() => apply({ start: isoDay(n - 1), end: isoDay(0) })}>
              Last {n} days
            </button>
          ))}
          <span role="status">{busy ? 'Loading…' : ''}</span>
        </p>
        <Problem message={errors[''] ?? ''} />
      </form>
      {data && data.total === 0 && (
        <p class="vh-empty" id="vh-analytics-empty">
          No views {filter ? 'match this filter ' : ''}between {start} and {end}. Views appear here a few seconds after someone plays
          one of your videos on its watch page or an embed; share a video from its page to get the first ones.
        </p>
      )}
      {data && data.total > 0 && (
        <>
          <p class="vh-analytics-total"><strong id="vh-analytics-total">{data.total.toLocaleString()}</strong> views from {start} to {end}</p>
          <ViewsChart days={data.days} />
          <div class="vh-analytics-tops">
            <TopVideos rows={data.videos} onPick={(id) => apply({ filter: `video_id==${id}` })} />
            <Ranked title="Top sites" dimension="domain" rows={data.domains} words={(d) => (d === 'unknown' ? 'Unknown (no referrer)' : d)} />
            <Ranked title="Top countries" dimension="country" rows={data.countries} words={countryName} />
          </div>
          <Experience start={start} end={end} filter={filter} />
        </>
      )}
    </section>
  );
}

const wholeSteps = [1, 2, 5].flatMap((m) => [1, 10, 100, 1000, 10_000, 100_000, 1_000_000].map((p) => m * p)).sort((a, b) => a - b);

const regions = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(undefined, { type: 'region' }) : null;

function countryName(code: string): string {
  if (code === 'unknown') return 'Unknown';
  try {
    return `${regions?.of(code) ?? code} (${code})`;
  } catch {
    return code;
  }
}

/** useSchemeChanges counts the system's switches between light and dark, so the chart redraws in the new colours. */
function useSchemeChanges(): number {
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    const query = matchMedia('(prefers-color-scheme: dark)');
    const changed = () => setChanges((n) => n + 1);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return changes;
}

/** themeColours are the design tokens (gateway/web/theme/tokens.css) the chart draws with, in the current theme. */
function themeColours() {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return { muted: token('--vh-muted'), line: token('--vh-line'), accent: token('--vh-accent'), accentSoft: token('--vh-accent-soft') };
}

/**
 * ViewsChart draws views per day with uPlot (a canvas, so it is hidden from
 * screen readers) and offers the same numbers as a table under it.
 */
function ViewsChart({ days }: { days: { day: string; views: number }[] }) {
  const box = useRef<HTMLDivElement>(null);
  const scheme = useSchemeChanges();
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const colours = themeColours(); // a canvas takes colours, not var(): the theme's, read when drawn
    const xs = days.map((d) => Date.parse(d.day + 'T00:00:00Z') / 1000);
    const ys = days.map((d) => d.views);
    const size = () => ({ width: Math.max(element.clientWidth, 200), height: element.clientWidth < 500 ? 200 : 280 });
    const chart = new uPlot(
      {
        ...size(),
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] } },
        // Views are whole numbers: the y axis steps by 1, 2, 5, 10… and never shows 0.5.
        axes: [
          { stroke: colours.muted, grid: { stroke: colours.line }, ticks: { stroke: colours.line } },
          { stroke: colours.muted, grid: { stroke: colours.line }, ticks: { stroke: colours.line }, size: 50, incrs: wholeSteps, values: (_u, ticks) => ticks.map((v) => v.toLocaleString()) },
        ],
        series: [{}, { label: 'Views', stroke: colours.accent, width: 2, fill: colours.accentSoft, points: { show: days.length <= 31 } }],
      },
      [xs, ys],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize(size()));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, scheme]);
  return (
    <figure class="vh-chart-figure">
      <div ref={box} class="vh-chart" aria-hidden="true" />
      <figcaption>
        <details>
          <summary>Views by day as a table</summary>
          <table class="vh-table" id="vh-views-by-day">
            <caption class="vh-visually-hidden">Views by day</caption>
            <thead><tr><th scope="col">Day</th><th scope="col">Views</th></tr></thead>
            <tbody>
              {days.map((d) => <tr key={d.day}><td>{d.day}</td><td>{d.views}</td></tr>)}
            </tbody>
          </table>
        </details>
      </figcaption>
    </figure>
  );
}

/** Ranked is one top-10 table of a dimension. */
function Ranked(props: { title: string; dimension: string; rows: AnalyticsRow[]; words: (value: string) => string; link?: (value: string) => string }) {
  const id = `vh-top-${props.dimension}`;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{props.title}</h2>
      <table class="vh-table vh-ranked" id={id}>
        <thead><tr><th scope="col">{props.title.replace('Top ', '').replace(/^./, (c) => c.toUpperCase())}</th><th scope="col" class="vh-number">Views</th></tr></thead>
        <tbody>
          {props.rows.map((row) => {
            const value = String(row[props.dimension]);
            return (
              <tr key={value} data-value={value}>
                <td>{props.link ? <a href={props.link(value)}>{props.words(value)}</a> : props.words(value)}</td>
                <td class="vh-number">{row.views.toLocaleString()}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/**
 * TopVideos is the ranked table of videos, named by their names (read in one
 * list call by id, so a video deleted since it was watched is simply absent,
 * not a 404) and linking to their pages; a deleted one is named so, unlinked.
 */
function TopVideos({ rows, onPick }: { rows: AnalyticsRow[]; onPick: (id: string) => void }) {
  // A name per id, null for a deleted video; an id not in it yet shows as itself.
  const [names, setNames] = useState<Record<string, string | null>>({});
  useEffect(() => {
    let current = true;
    const ids = rows.map((row) => String(row.video_id));
    if (ids.length === 0) return;
    const query = new URLSearchParams({ limit: String(ids.length) });
    for (const id of ids) query.append('id', id);
    void get<Video[]>(`/v2/videos?${query}`).then(
      (videos) => {
        const found = new Map(videos.map((v) => [v.id, v.name]));
        if (current) setNames(Object.fromEntries(ids.map((id) => [id, found.get(id) ?? null])));
      },
      () => undefined, // the ids stay as the names: the numbers are what the page is for
    );
    return () => {
      current = false;
    };
  }, [rows]);
  return (
    <section aria-labelledby="vh-top-video_id-title">
      <h2 id="vh-top-video_id-title">Top videos</h2>
      <table class="vh-table vh-ranked" id="vh-top-video_id">
        <thead><tr><th scope="col">Video</th><th scope="col" class="vh-number">Views</th><th scope="col"><span class="vh-visually-hidden">Filter</span></th></tr></thead>
        <tbody>
          {rows.map((row) => {
            const id = String(row.video_id);
            const name = names[id] === null ? deleted : (names[id] ?? id);
            return (
              <tr key={id} data-value={id}>
                <td>{names[id] === null ? <span class="vh-deleted" title={id}>{name}</span> : <a href={`/videos/${id}`}>{name}</a>}</td>
                <td class="vh-number">{row.views.toLocaleString()}</td>
                <td>
                  <button type="button" class="vh-button vh-button-small" onClick={() => onPick(id)}>
                    Only this<span class="vh-visually-hidden"> video: {name}</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
