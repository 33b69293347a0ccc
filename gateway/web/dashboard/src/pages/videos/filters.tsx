// The video list's filters: name search and tag (sent with the Search
// button), and status, privacy, folder and category (applied as chosen),
// and its order (newest first unless the URL says sort=created_time).
// Each is a query parameter of GET /v2/videos and of the page's URL.
import { useEffect, useRef, useState } from 'preact/hooks';
import { all } from '../../api';
import { text } from '../../resource';
import type { Category, Folder } from '../../types';

export interface Filters {
  search: string;
  tag: string;
  status: string;
  privacy: string;
  folder: string;
  category: string;
}

export const filterNames: (keyof Filters)[] = ['search', 'tag', 'status', 'privacy', 'folder', 'category'];

export function readFilters(query: URLSearchParams): Filters {
  const out = {} as Filters;
  for (const name of filterNames) out[name] = query.get(name) ?? '';
  return out;
}

export const anyFilter = (f: Filters) => filterNames.some((name) => f[name] !== '');

/** Choices are the account's folders (with their path) and categories. */
export interface Choices {
  folders: { id: string; path: string }[];
  categories: Category[];
}

/** folderPaths names each folder by its path ("Season / Week 1"), sorted. */
export function folderPaths(folders: Folder[]): { id: string; path: string }[] {
  const byID = new Map(folders.map((f) => [f.id, f]));
  const path = (f: Folder, depth = 0): string => {
    const parent = byID.get(f.parent_id);
    return parent && depth < 32 ? `${path(parent, depth + 1)} / ${f.name}` : f.name;
  };
  return folders.map((f) => ({ id: f.id, path: path(f) })).sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * useChoices reads the folders and categories once per page, once ready is
 * true: the list asks first, so its first page does not share the server
 * with these two on a busy machine.
 */
export function useChoices(ready: boolean): Choices {
  const [choices, setChoices] = useState<Choices>({ folders: [], categories: [] });
  const askedRef = useRef(false); // once: the lists change rarely, and only here
  useEffect(() => {
    if (!ready || askedRef.current) return;
    askedRef.current = true;
    let stopped = false;
    void Promise.all([all<Folder>('/v2/folders'), all<Category>('/v2/categories')])
      .then(([folders, categories]) => !stopped && setChoices({ folders: folderPaths(folders), categories }))
      .catch(() => undefined); // the lists still work without these two filters
    return () => {
      stopped = true;
    };
  }, [ready]);
  return choices;
}

/** newestFirst is the list's order unless the URL asks for the oldest first. */
export const newestFirst = '-created_time';

export function FilterForm(props: {
  filters: Filters;
  sort: string; // the URL's sort: "" (newest first) or "created_time"
  onSort: (sort: string) => void;
  choices: Choices;
  onFilter: (name: keyof Filters, value: string) => void;
  onSearch: (search: string, tag: string) => void;
}) {
  const { filters, choices, onFilter } = props;
  // The top bar's search changes the URL too: the field follows it.
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (searchRef.current && searchRef.current.value !== filters.search) searchRef.current.value = filters.search;
  }, [filters.search]);
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    props.onSearch(text(form, 'search'), text(form, 'tag').toLowerCase());
  };
  const select = (name: keyof Filters, label: string, options: [string, string][]) => (
    <label>
      {label}
      <select name={name} value={filters[name]} onChange={(e) => onFilter(name, e.currentTarget.value)}>
        <option value="">Any</option>
        {options.map(([value, words]) => <option key={value} value={value}>{words}</option>)}
      </select>
    </label>
  );
  return (
    <form class="vh-filters" role="search" onSubmit={submit}>
      <label>
        Search by name
        <input ref={searchRef} name="search" type="search" defaultValue={filters.search} maxLength={100} />
      </label>
      <label>
        Tag
        <input name="tag" type="text" defaultValue={filters.tag} maxLength={50} size={12} />
      </label>
      {select('status', 'Status', [['preparing', 'Preparing'], ['processing', 'Processing'], ['ready', 'Ready'], ['error', 'Error']])}
      {select('privacy', 'Privacy', [['public', 'Public'], ['unlisted', 'Unlisted'], ['private', 'Private']])}
      {select('folder', 'Folder', withCurrent(choices.folders.map((f) => [f.id, f.path]), filters.folder))}
      {select('category', 'Category', withCurrent(choices.categories.map((c) => [c.value, c.name]), filters.category))}
      <label>
        Order
        <select name="sort" value={props.sort} onChange={(e) => props.onSort(e.currentTarget.value)}>
          <option value="">Newest first</option>
          <option value="created_time">Oldest first</option>
        </select>
      </label>
      <button type="submit" class="vh-button">Search</button>
    </form>
  );
}

/** withCurrent keeps a value from the URL selectable before (or without) the lists. */
function withCurrent(options: [string, string][], current: string): [string, string][] {
  if (!current || options.some(([value]) => value === current)) return options;
  return [...options, [current, current]];
}
