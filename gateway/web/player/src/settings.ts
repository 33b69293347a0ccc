// The `settings` control: one menu holding the rendition (Quality: Auto and
// each rendition of the master playlist) and the playback speed. Quality
// appears once VHS has read the master playlist; Safari plays HLS natively
// and exposes no renditions, so there the menu holds the speed only.
import { h } from './dom';
import { componentClass, registerComponent, type MenuButtonInstance, type MenuItemInstance } from './components';
import { levelLabel, sortedLevels, type QualityChoice, type QualitySelection } from './quality';
import type { Component, Player } from './vjs';

const MenuButton = componentClass<MenuButtonInstance>('MenuButton');
const MenuItem = componentClass<MenuItemInstance>('MenuItem');
const PlainComponent = componentClass<Component>('Component');

// ChoiceItem is a radio item of one group; `isCurrent` tells whether it is
// the group's current value, so a refresh re-marks every item.
class ChoiceItem extends MenuItem {
  constructor(player: Player, label: string, readonly isCurrent: () => boolean, private readonly choose: () => void) {
    super(player, { label, selectable: true, selected: isCurrent() });
  }

  handleClick(): void {
    this.choose();
  }
}

function heading(player: Player, text: string): Component {
  return new PlainComponent(player, { el: h('li', { class: 'vjs-menu-title vh-menu-heading' }, text) });
}

function qualityItems(player: Player, selection: QualitySelection, refresh: () => void): Component[] {
  const levels = sortedLevels(player.qualityLevels());
  if (levels.length === 0) return [];
  const item = (label: string, choice: QualityChoice) => new ChoiceItem(player, label,
    () => selection.current(levels) === choice,
    () => { selection.choose(levels, choice); refresh(); });
  return [heading(player, 'Quality'), item('Auto', 'auto'), ...levels.map((level) => item(levelLabel(level), level))];
}

function speedItems(player: Player): Component[] {
  const items = player.playbackRates().map((rate) => new ChoiceItem(player, rate === 1 ? 'Normal' : `${rate}x`,
    () => player.playbackRate() === rate,
    () => { player.playbackRate(rate); }));
  return items.length ? [heading(player, 'Speed'), ...items] : [];
}

// registerSettings must run before the player is created: the control bar
// builds its children by registered name.
export function registerSettings(selection: QualitySelection): void {
  class SettingsButton extends MenuButton {
    constructor(player: Player, options?: Record<string, unknown>) {
      super(player, options);
      const levels = player.qualityLevels();
      levels.on(['addqualitylevel', 'removequalitylevel'], () => this.update());
      // Video.js reports the new speed only once the media element has it.
      player.on('ratechange', () => this.refresh());
    }

    buildCSSClass(): string {
      return `vh-settings-button ${super.buildCSSClass()}`;
    }

    buildWrapperCSSClass(): string {
      return `vh-settings ${super.buildWrapperCSSClass()}`;
    }

    createItems(): Component[] {
      const player = this.player();
      return [...qualityItems(player, selection, () => this.refresh()), ...speedItems(player)];
    }

    refresh(): void {
      for (const item of this.items || []) {
        if (item instanceof ChoiceItem) item.selected(item.isCurrent());
      }
    }
  }
  // MenuButton labels its button from the prototype, before our constructor runs.
  (SettingsButton.prototype as unknown as { controlText_: string }).controlText_ = 'Settings';
  registerComponent('SettingsButton', SettingsButton);
}
