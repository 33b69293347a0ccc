// The list's view, table or cards: the person's choice, kept in
// localStorage so it holds across visits (not in the URL: it is how they
// like to look, not which videos a link shows).
import { useState } from 'preact/hooks';

export type ListView = 'table' | 'cards';

const storageKey = 'vidhost.videos.view';

function stored(): ListView {
  try {
    return localStorage.getItem(storageKey) === 'cards' ? 'cards' : 'table';
  } catch {
    return 'table'; // storage refused (a private window's policy): the default
  }
}

/** useListView is the remembered view and a setter that remembers it. */
export function useListView(): [ListView, (view: ListView) => void] {
  const [view, setView] = useState<ListView>(stored);
  const choose = (next: ListView) => {
    setView(next);
    try {
      localStorage.setItem(storageKey, next);
    } catch {
      // not remembered; the choice still holds on this page
    }
  };
  return [view, choose];
}

/** ViewToggle is two pressed-or-not buttons: Table, Cards. */
export function ViewToggle({ view, onChange }: { view: ListView; onChange: (view: ListView) => void }) {
  return (
    <div class="vh-segmented" role="group" aria-label="Show videos as">
      <button type="button" aria-pressed={view === 'table'} onClick={() => onChange('table')}>Table</button>
      <button type="button" aria-pressed={view === 'cards'} onClick={() => onChange('cards')}>Cards</button>
    </div>
  );
}
