// Cards: calls to action shown in the player's top-right corner between two
// times (docs/videos.md#cards-gates-hotspots-chapters). A form adds one with
// every field, as the API asks on create; the same form edits one (PATCH).
import { useState } from 'preact/hooks';
import { del, patch, post } from '../../api';
import { text, useSubmit } from '../../resource';
import { playerTime } from './player';
import { Check, EditButton, FormTitle, Input, Remove, Section, Submit, seconds } from './section';
import type { Card, SectionProps } from './types';

const fields = ['name', 'at', 'until', 'skip', 'top_text', 'bottom_text', 'link', 'link_text', 'icon'];

export function Cards({ video, onChanged }: SectionProps) {
  const [editing, setEditing] = useState<Card | null>(null);
  const { errors, busy, onSubmit } = useSubmit(fields, async (data) => {
    const body = {
      name: text(data, 'name'),
      at: seconds(data, 'at'),
      until: seconds(data, 'until'),
      skip: data.get('skip') === 'on',
      top_text: text(data, 'top_text'),
      bottom_text: text(data, 'bottom_text'),
      link: text(data, 'link'),
      link_text: text(data, 'link_text'),
      icon: text(data, 'icon'),
    };
    if (editing) await patch(`/v2/videos/${video.id}/cards/${editing.id}`, body);
    else await post(`/v2/videos/${video.id}/cards`, body);
    setEditing(null);
    await onChanged();
  });
  const v = editing;
  return (
    <Section id="cards" title="Cards">
      {video.cards.length === 0 && <p class="vh-empty">No cards: add one below to link viewers to a page while they watch.</p>}
      {video.cards.length > 0 && (
        <ul class="vh-items" id="vh-card-list">
          {video.cards.map((card) => (
            <li key={card.id} data-card-id={card.id}>
              <span><strong>{card.name || card.top_text || 'Card'}</strong> from {card.at ?? 0} s to {card.until} s → <a href={card.link} target="_blank" rel="noopener noreferrer">{card.link_text || card.link}</a></span>
              <EditButton what={card.name} onEdit={() => setEditing(card)} form="vh-card-form" />
              <Remove what={card.name} title={`Delete the card “${card.name}”?`} detail="The player stops showing it."
                onRemove={async () => { await del(`/v2/videos/${video.id}/cards/${card.id}`); await onChanged(); }} />
            </li>
          ))}
        </ul>
      )}
      <form class="vh-form" id="vh-card-form" key={v?.id ?? 'new'} onSubmit={onSubmit} aria-labelledby="vh-card-form-title">
        <FormTitle id="vh-card-form-title" adding="Add a card" editing={v && `Edit the card “${v.name}”`} onCancel={() => setEditing(null)} />
        <div class="vh-row-form">
          <Input form="card" name="name" defaultValue={v?.name} label="Name" errors={errors} maxLength={100} />
          <Input form="card" name="at" defaultValue={v?.at} label="Shows at (seconds)" errors={errors} type="number" min={0} max={359999} required
            onFocus={(e) => { if (!e.currentTarget.value) e.currentTarget.value = String(playerTime()); }} />
          <Input form="card" name="until" defaultValue={v?.until} label="Hides at (seconds)" errors={errors} type="number" min={1} max={359999} required />
        </div>
        <div class="vh-row-form">
          <Input form="card" name="top_text" defaultValue={v?.top_text} label="Title" errors={errors} maxLength={200} />
          <Input form="card" name="bottom_text" defaultValue={v?.bottom_text} label="Text" errors={errors} maxLength={200} />
        </div>
        <div class="vh-row-form">
          <Input form="card" name="link" defaultValue={v?.link} label="Link (https://…)" errors={errors} type="url" required maxLength={2048} />
          <Input form="card" name="link_text" defaultValue={v?.link_text} label="Button text" errors={errors} maxLength={50} />
          <Input form="card" name="icon" defaultValue={v?.icon} label="Icon (optional: shopping-cart)" errors={errors} maxLength={50} />
        </div>
        <Check id="vh-card-skip" name="skip" label="Viewers may close it" defaultChecked={v?.skip} />
        <Submit label={v ? 'Save card' : 'Add card'} busy={busy} errors={errors} />
      </form>
    </Section>
  );
}
