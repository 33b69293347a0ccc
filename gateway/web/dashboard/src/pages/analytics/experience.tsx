// The viewer experience (docs/analytics.md, "Viewer experience"): startup
// times, rebuffering, errors and the experience score by day, and a
// breakdown by browser, operating system, device or rendition, for the
// same range and filter as the views above. Every figure is one
// GET /v2/analytics call per metric; a metric without data on a day shows
// as a dash, not a zero.
import { useEffect, useState } from 'preact/hooks';
import { list } from '../../api';

type Row = Record<string, string | number>;

interface Metric { name: string; label: string; format: (v: number) => string }

const seconds = (v: number) => `${v.toFixed(2)} s`;
const percent = (v: number) => `${(v * 100).toFixed(1)} %`;

/** metrics are the columns of the tables, in the order shown. */
export const metrics: Metric[] = [
  { name: 'experience_score', label: 'Score', format: (v) => v.toFixed(0) },
  { name: 'startup_time_p50', label: 'Startup (median)', format: seconds },
  { name: 'startup_time_p95', label: 'Startup (95th pct.)', format: seconds },
  { name: 'rebuffer_ratio', label: 'Rebuffering', format: percent },
  { name: 'rebuffer_frequency', label: 'Stalls / min', format: (v) => v.toFixed(2) },
  { name: 'error_rate', label: 'Errors', format: percent },
  { name: 'watch_time', label: 'Watch time', format: (v) => `${(v / 60).toFixed(1)} min` },
];

/** renditionMetrics are those a rendition has (the API refuses the others with it). */
const renditionMetrics = new Set(['watch_time', 'rebuffer_ratio', 'rebuffer_frequency']);

const breakdowns: { dimension: string; label: string }[] = [
  { dimension: 'browser', label: 'Browser' },
  { dimension: 'os', label: 'Operating system' },
  { dimension: 'device', label: 'Device' },
  { dimension: 'rendition', label: 'Rendition' },
];

/** Table maps a dimension's values to each metric's value (absent: no data). */
type Table = Map<string, Map<string, number>>;

async function experienceBy(dimension: string, start: string, end: string, filter: string): Promise<Table> {
  const wanted = metrics.filter((m) => dimension !== 'rendition' || renditionMetrics.has(m.name));
  const pages = await Promise.all(wanted.map((m) => list<Row>('/v2/analytics', { metric: m.name, dimension, start, end, filter })));
  const table: Table = new Map();
  pages.forEach((page, i) => {
    for (const row of page.items) {
      const key = String(row[dimension]);
      if (!table.has(key)) table.set(key, new Map());
      table.get(key)?.set(wanted[i].name, Number(row[wanted[i].name]));
    }
  });
  return table;
}

/** ExperienceTable shows one table of metric columns by dimension. */
function ExperienceTable(props: { id: string; caption: string; heading: string; table: Table; columns: Metric[] }) {
  const keys = [...props.table.keys()].sort();
  return (
    <table class="vh-table vh-experience" id={props.id}>
      <caption class="vh-visually-hidden">{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{props.heading}</th>
          {props.columns.map((m) => <th scope="col" class="vh-number" key={m.name}>{m.label}</th>)}
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key} data-value={key}>
            <th scope="row">{key}</th>
            {props.columns.map((m) => {
              const value = props.table.get(key)?.get(m.name);
              return <td class="vh-number" key={m.name} data-metric={m.name} data-label={m.label}>{value === undefined ? '–' : m.format(value)}</td>;
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Experience is the viewer-experience section: by day over the range, and a
 * breakdown the viewer picks. idPrefix keeps ids apart where two are shown.
 */
export function Experience({ start, end, filter, idPrefix = 'vh-experience' }: { start: string; end: string; filter: string; idPrefix?: string }) {
  const [byDay, setByDay] = useState<Table | null>(null);
  const [dimension, setDimension] = useState('browser');
  const [breakdown, setBreakdown] = useState<Table | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    let current = true;
    experienceBy('day', start, end, filter).then((t) => current && setByDay(t), (e) => current && setProblem(String(e)));
    return () => { current = false; };
  }, [start, end, filter]);
  useEffect(() => {
    let current = true;
    setBreakdown(null);
    experienceBy(dimension, start, end, filter).then((t) => current && setBreakdown(t), (e) => current && setProblem(String(e)));
    return () => { current = false; };
  }, [dimension, start, end, filter]);
  const columns = metrics.filter((m) => dimension !== 'rendition' || renditionMetrics.has(m.name));
  const label = breakdowns.find((b) => b.dimension === dimension)?.label ?? dimension;
  return (
    <section aria-labelledby={`${idPrefix}-title`} class="vh-experience-section">
      <h2 id={`${idPrefix}-title`}>Viewer experience</h2>
      <p>How playback went: time to the first frame, rebuffering, errors and a 0-100 score (docs/analytics.md defines each).</p>
      {problem && <p role="alert">{problem}</p>}
      {byDay && byDay.size === 0 && <p class="vh-empty">No playback figures in this range yet.</p>}
      {byDay && byDay.size > 0 && (
        <ExperienceTable id={`${idPrefix}-by-day`} caption="Viewer experience by day" heading="Day" table={byDay} columns={metrics} />
      )}
      <h3 id={`${idPrefix}-breakdown-title`}>By {label.toLowerCase()}</h3>
      <p class="vh-actions-start" role="group" aria-labelledby={`${idPrefix}-breakdown-title`}>
        {breakdowns.map((b) => (
          <button key={b.dimension} type="button" class="vh-button vh-button-small" aria-pressed={b.dimension === dimension}
            onClick={() => setDimension(b.dimension)}>{b.label}</button>
        ))}
      </p>
      {breakdown && (
        <ExperienceTable id={`${idPrefix}-by-${dimension}`} caption={`Viewer experience by ${label.toLowerCase()}`} heading={label}
          table={breakdown} columns={columns} />
      )}
    </section>
  );
}
