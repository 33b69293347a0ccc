// Cards: call-to-action boxes in the top-right corner, shown from `at` until
// `until`, with a skip control when the card allows it. A skipped card stays
// hidden for the rest of the page's life.
import { h } from '../dom';
import type { Card } from '../config';
import type { Player } from '../vjs';
import { onTime, overlayLayer, within } from './layer';

function cardElement(card: Card, skip: () => void): HTMLElement {
  const body = h('div', { class: 'vh-card-body' },
    h('strong', { class: 'vh-card-top' }, card.top_text),
    h('span', { class: 'vh-card-bottom' }, card.bottom_text));
  const el = h('aside', { class: 'vh-card', 'data-card-id': card.id, 'aria-label': card.name, hidden: true });
  if (card.icon) el.append(h('span', { class: 'vh-card-icon', 'data-icon': card.icon, 'aria-hidden': 'true' }));
  el.append(body);
  if (card.link) {
    body.append(h('a', { class: 'vh-card-link vh-button', href: card.link, target: '_blank', rel: 'noopener noreferrer' },
      card.link_text || card.link));
  }
  if (card.skip) {
    const button = h('button', { type: 'button', class: 'vh-card-skip', 'aria-label': 'Skip' }, '×');
    button.addEventListener('click', skip);
    el.append(button);
  }
  return el;
}

export function mountCards(player: Player, cards: Card[]): void {
  if (cards.length === 0) return;
  const layer = overlayLayer(player, 'vh-cards');
  const skipped = new Set<Card>();
  const shown = cards.map((card) => {
    const el = cardElement(card, () => { skipped.add(card); el.hidden = true; });
    layer.append(el);
    return { card, el };
  });
  onTime(player, (seconds) => {
    for (const { card, el } of shown) {
      el.hidden = skipped.has(card) || !within(seconds, card.at, card.until);
    }
  });
}
