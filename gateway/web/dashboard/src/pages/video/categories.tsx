// Categories on the edit form: a checkbox per category of the account
// (GET /v2/categories), ticked for those the video is filed under; the
// form sends the values ticked (docs/videos.md: categories are chosen by
// value). Until the list has loaded nothing is sent, so a failed read
// never clears the video's categories.
import { useEffect, useState } from 'preact/hooks';
import { all } from '../../api';
import type { Category } from '../../types';

export function CategoryChoice({ selected, error }: { selected: string[]; error: string }) {
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    all<Category>('/v2/categories').then(setCategories, (e: Error) => setProblem(e.message));
  }, []);
  // A value no longer among the account's categories stays on the video (and in the form).
  const values = categories ? [...categories.map((c) => ({ value: c.value, name: c.name })), ...selected.filter((v) => !categories.some((c) => c.value === v)).map((v) => ({ value: v, name: v }))] : [];
  return (
    <fieldset class="vh-field" aria-describedby="vh-categories-error">
      <legend>Categories</legend>
      {categories && <input type="hidden" name="categories_shown" value="1" />}
      {categories && values.length === 0 && <p class="vh-hint">The account has no categories: <a href="/categories">create some</a> to file videos under.</p>}
      <div class="vh-check-row">
        {values.map((c) => (
          <span class="vh-check" key={c.value}>
            <input id={`vh-category-${c.value}`} type="checkbox" name="categories" value={c.value} defaultChecked={selected.includes(c.value)} />
            <label for={`vh-category-${c.value}`}>{c.name}</label>
          </span>
        ))}
      </div>
      <span class="vh-field-error" id="vh-categories-error" role="alert">{error || problem}</span>
    </fieldset>
  );
}
