// Folders and Categories: two short account-wide lists with the same page
// (list, create, rename in place, delete with confirmation), described by a
// Collection. Folders may sit in another folder (docs/folders.md);
// categories are a label and the value videos store (interface-v2.md).
import { useState } from 'preact/hooks';
import { all, del, fieldErrors, patch, post } from '../api';
import { Confirm, Field, Problem } from '../components';
import { date } from '../format';
import { text, useAction, useResource, useSubmit } from '../resource';
import { canAdminister, canEditVideos } from '../roles';
import type { Category, Folder } from '../types';

interface Item {
  id: string;
  name: string;
  created_time: string;
  value?: string;
  parent_id?: string;
}

interface Text {
  name: string;
  label: string;
  max: number;
  hint?: string;
}

interface Collection {
  title: string;
  noun: string;
  path: string;
  intro: string;
  empty: string;
  /** mayWrite tells whether a role creates, renames and deletes them. */
  mayWrite: (role: string) => boolean;
  writersWords: string;
  texts: Text[];
  nested: boolean;
  deleteWords: string;
}

const folders: Collection = {
  title: 'Folders',
  noun: 'folder',
  path: '/v2/folders',
  intro: 'Folders group your videos; a video can be in several. Deleting a folder never deletes its videos.',
  empty: 'No folders yet: create one above, then file videos in it through the API.',
  mayWrite: canEditVideos,
  writersWords: 'owners, admins and uploaders',
  texts: [{ name: 'name', label: 'Name', max: 100 }],
  nested: true,
  deleteWords: 'Its videos stay in your library. A folder with sub-folders cannot be deleted until they are moved or deleted.',
};

const categories: Collection = {
  title: 'Categories',
  noun: 'category',
  path: '/v2/categories',
  intro: 'Categories are the choices a video’s categories are picked from: a label people read and the value the API stores.',
  empty: 'No categories yet: create one above so videos can be put in it.',
  mayWrite: canAdminister,
  writersWords: 'owners and admins',
  texts: [
    { name: 'name', label: 'Label', max: 40 },
    { name: 'value', label: 'Value', max: 40, hint: 'What videos store in their categories, for example “sports”.' },
  ],
  nested: false,
  deleteWords: 'Videos in it keep the value but it is no longer offered.',
};

export const FoldersPage = ({ role }: { role: string }) => <CollectionPage kind={folders} role={role} />;
export const CategoriesPage = ({ role }: { role: string }) => <CollectionPage kind={categories} role={role} />;

function CollectionPage({ kind, role }: { kind: Collection; role: string }) {
  const { data: items, problem, setProblem, reload } = useResource<Item[]>(() => all<Folder | Category>(kind.path), [kind.path]);
  const { run } = useAction(setProblem);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [renaming, setRenaming] = useState('');
  const canWrite = kind.mayWrite(role);
  const load = () => void reload();
  const remove = () => {
    const item = deleting;
    setDeleting(null);
    if (!item) return;
    run(async () => {
      await del(`${kind.path}/${item.id}`);
      setProblem('');
      await reload();
    });
  };
  const nameOf = (id: string) => items?.find((i) => i.id === id)?.name ?? '';
  return (
    <section class="vh-page">
      <h1>{kind.title}</h1>
      <p>{kind.intro}</p>
      {!canWrite && <p class="vh-note">Only {kind.writersWords} change {kind.title.toLowerCase()}; your role is {role}.</p>}
      {canWrite && <CreateItem kind={kind} items={items ?? []} onCreated={load} />}
      <Problem message={problem} />
      {items && items.length === 0 && <p class="vh-empty">{canWrite ? kind.empty : `No ${kind.title.toLowerCase()} yet.`}</p>}
      {items && items.length > 0 && (
        <table class="vh-table">
          <caption class="vh-visually-hidden">{kind.title}</caption>
          <thead>
            <tr>
              {kind.texts.map((text) => <th scope="col" key={text.name}>{text.label}</th>)}
              {kind.nested && <th scope="col">In</th>}
              <th scope="col">Created</th>
              {canWrite && <th scope="col"><span class="vh-visually-hidden">Actions</span></th>}
            </tr>
          </thead>
          <tbody>
            {items.map((item) =>
              renaming === item.id ? (
                <tr key={item.id} data-item-id={item.id}>
                  <td colSpan={kind.texts.length + (kind.nested ? 3 : 2)}>
                    <RenameItem kind={kind} item={item} onDone={(changed) => {
                      setRenaming('');
                      if (changed) load();
                      // Focus goes back to the row's Rename button, where the keyboard left off.
                      requestAnimationFrame(() => document.querySelector<HTMLElement>(`tr[data-item-id="${item.id}"] button`)?.focus());
                    }} />
                  </td>
                </tr>
              ) : (
                <tr key={item.id} data-item-id={item.id}>
                  {kind.texts.map((text) => <td key={text.name} data-label={text.label}>{String(item[text.name as keyof Item] ?? '')}</td>)}
                  {kind.nested && <td data-label="In">{item.parent_id ? nameOf(item.parent_id) : 'Top level'}</td>}
                  <td data-label="Created">{date(item.created_time)}</td>
                  {canWrite && (
                    <td class="vh-row-actions">
                      <button type="button" class="vh-button vh-button-small" onClick={() => setRenaming(item.id)}>
                        Rename<span class="vh-visually-hidden"> {item.name}</span>
                      </button>{' '}
                      <button type="button" class="vh-button vh-button-small vh-button-danger" onClick={() => setDeleting(item)}>
                        Delete<span class="vh-visually-hidden"> {item.name}</span>
                      </button>
                    </td>
                  )}
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
      <Confirm open={deleting !== null} title={`Delete the ${kind.noun} “${deleting?.name ?? ''}”?`} action={`Delete ${kind.noun}`} onConfirm={remove} onCancel={() => setDeleting(null)}>
        <p>{kind.deleteWords}</p>
      </Confirm>
    </section>
  );
}

function CreateItem({ kind, items, onCreated }: { kind: Collection; items: Item[]; onCreated: () => void }) {
  const fields = [...kind.texts.map((t) => t.name), ...(kind.nested ? ['parent_id'] : [])];
  const { errors, busy, onSubmit: submit } = useSubmit(fields, async (data) => {
    const body: Record<string, string> = {};
    for (const field of fields) body[field] = text(data, field);
    await post(kind.path, body);
    onCreated();
  });
  const id = (name: string) => `vh-${kind.noun}-${name.replace('_', '-')}`;
  return (
    <form class="vh-form" onSubmit={submit} aria-labelledby={`vh-create-${kind.noun}-title`}>
      <h2 id={`vh-create-${kind.noun}-title`}>Create a {kind.noun}</h2>
      <div class="vh-row-form">
        {kind.texts.map((text) => (
          <Field key={text.name} id={id(text.name)} label={text.label} hint={text.hint} error={errors[text.name]}>
            {(aria) => <input {...aria} name={text.name} required maxLength={text.max} />}
          </Field>
        ))}
        {kind.nested && (
          <Field id={id('parent_id')} label="Inside" error={errors.parent_id}>
            {(aria) => (
              <select {...aria} name="parent_id">
                <option value="">Top level</option>
                {items.map((item) => <option key={item.id} value={item.id}>{item.name}</option>)}
              </select>
            )}
          </Field>
        )}
      </div>
      <p class="vh-field-error" role="alert">{errors[''] ?? ''}</p>
      <p><button type="submit" class="vh-button vh-button-primary" disabled={busy}>Create {kind.noun}</button></p>
    </form>
  );
}

/** RenameItem edits the texts of one row in place; Escape or Cancel leaves it unchanged. */
function RenameItem({ kind, item, onDone }: { kind: Collection; item: Item; onDone: (changed: boolean) => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = kind.texts.map((t) => t.name);
  const submit = async (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const body: Record<string, string> = {};
    for (const field of fields) body[field] = text(data, field);
    try {
      await patch(`${kind.path}/${item.id}`, body);
      onDone(true);
    } catch (error) {
      setErrors(fieldErrors(error, fields));
    }
  };
  const id = (name: string) => `vh-rename-${kind.noun}-${name}`;
  return (
    <form class="vh-row-form" onSubmit={(event) => void submit(event)} onKeyDown={(e) => e.key === 'Escape' && onDone(false)} aria-label={`Rename ${item.name}`}>
      {kind.texts.map((text, i) => (
        <Field key={text.name} id={id(text.name)} label={`New ${text.label.toLowerCase()}`} error={errors[text.name]}>
          {(aria) => (
            <input {...aria} name={text.name} required maxLength={text.max} defaultValue={String(item[text.name as keyof Item] ?? '')}
              ref={(input) => { if (i === 0 && input && document.activeElement?.tagName !== 'INPUT') input.focus(); }} />
          )}
        </Field>
      ))}
      <button type="submit" class="vh-button vh-button-primary vh-button-small">Save</button>
      <button type="button" class="vh-button vh-button-small" onClick={() => onDone(false)}>Cancel</button>
      {errors[''] && <p class="vh-field-error" role="alert">{errors['']}</p>}
    </form>
  );
}
