// Tabs: the WAI-ARIA tabs pattern over native buttons. The selected tab is
// the URL's ?tab= (replaced, not pushed: a reload or a shared link keeps
// it; Back leaves the page). Arrow keys move between tabs and select
// (Home and End too); Tab moves on into the panel. Every panel stays in the
// page, hidden when not selected, so a section keeps what was typed in it
// and the player above keeps playing while the tabs change.
import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';
import { navigate, useLocation } from '../../router';

export interface TabDef {
  id: string; // in the URL: ?tab=<id>
  label: string;
}

/** useTab is the selected tab's id (the first when the URL names none or another) and a way to choose one. */
export function useTab(tabs: TabDef[]): [string, (id: string) => void] {
  const url = useLocation();
  const asked = url.searchParams.get('tab') ?? '';
  const current = tabs.some((t) => t.id === asked) ? asked : tabs[0].id;
  const choose = (id: string) => {
    const query = new URLSearchParams(location.search);
    if (id === tabs[0].id) query.delete('tab');
    else query.set('tab', id);
    const search = query.toString();
    navigate(location.pathname + (search ? '?' + search : ''), true);
  };
  return [current, choose];
}

export function TabList(props: { label: string; tabs: TabDef[]; current: string; onChoose: (id: string) => void }) {
  const listRef = useRef<HTMLDivElement>(null);
  const { tabs, current } = props;
  const move = (event: KeyboardEvent) => {
    const at = tabs.findIndex((t) => t.id === current);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length];
    props.onChoose(next.id);
    listRef.current?.querySelector<HTMLElement>(`#vh-tab-${next.id}`)?.focus();
  };
  return (
    <div class="vh-tablist" role="tablist" aria-label={props.label} ref={listRef} onKeyDown={move}>
      {tabs.map((tab) => (
        <button key={tab.id} type="button" role="tab" id={`vh-tab-${tab.id}`} aria-controls={`vh-tabpanel-${tab.id}`}
          aria-selected={tab.id === current} tabIndex={tab.id === current ? 0 : -1} onClick={() => props.onChoose(tab.id)}>
          {tab.label}
        </button>
      ))}
    </div>
  );
}

export function TabPanel(props: { id: string; current: string; children: ComponentChildren }) {
  return (
    <div role="tabpanel" id={`vh-tabpanel-${props.id}`} aria-labelledby={`vh-tab-${props.id}`} hidden={props.id !== props.current}
      class="vh-tabpanel">
      {props.children}
    </div>
  );
}
