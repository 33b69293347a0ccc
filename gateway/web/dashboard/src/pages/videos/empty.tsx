// What the video list says when a page has no video: how to get one, or
// how to widen the filters that hide them.
import type { Filters } from './filters';

export function EmptyState({ filters, folderName, onClear }: { filters: Filters; folderName: string; onClear: () => void }) {
  const clear = <button type="button" class="vh-button" onClick={onClear}>Show all videos</button>;
  const only = (name: keyof Filters) => Object.entries(filters).every(([key, value]) => key === name || value === '');
  if (filters.folder && only('folder')) {
    return (
      <div class="vh-empty">
        <h2>No videos in “{folderName || 'this folder'}” yet</h2>
        <p>Select videos in the full list, then choose this folder under “Move to folder”.</p>
        {clear}
      </div>
    );
  }
  if (filters.category && only('category')) {
    return (
      <div class="vh-empty">
        <h2>No videos in this category yet</h2>
        <p>A video is listed here once the category’s value is among its categories.</p>
        {clear}
      </div>
    );
  }
  if (Object.values(filters).some((value) => value !== '')) {
    return (
      <div class="vh-empty">
        <h2>No video matches these filters</h2>
        <p>Clear the search or choose “Any” in a filter.</p>
        {clear}
      </div>
    );
  }
  return (
    <div class="vh-empty">
      <h2>No videos yet</h2>
      <p>Upload a file to make your first video: it is ready to play a minute or two later.</p>
      <a class="vh-button vh-button-primary" href="/upload">Upload videos</a>
    </div>
  );
}
