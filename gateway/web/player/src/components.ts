// Typed handles on the Video.js component classes Vidhost extends (the
// settings menu, the AirPlay button). Video.js types getComponent as the bare
// Component class, which a subclass could not override methods of; these
// interfaces name the members our subclasses use.
import videojs from 'video.js';
import type { Component, Player } from './vjs';

export interface ButtonInstance extends Component {
  player(): Player;
  controlText(text: string): void;
  buildCSSClass(): string;
  handleClick(event?: Event): void;
}

export interface MenuItemInstance extends Component {
  selected(selected: boolean): void;
  handleClick(event?: Event): void;
}

export interface MenuButtonInstance extends Component {
  player(): Player;
  items?: Component[];
  buildCSSClass(): string;
  buildWrapperCSSClass(): string;
  createItems(): Component[];
  update(): void;
}

type Options = Record<string, unknown>;
export type ComponentClass<T> = new (player: Player, options?: Options) => T;

export function componentClass<T>(name: string): ComponentClass<T> {
  return videojs.getComponent(name) as unknown as ComponentClass<T>;
}

// registerComponent makes a class usable by name in the controlBar children.
export function registerComponent(name: string, component: ComponentClass<Component>): void {
  videojs.registerComponent(name, component as unknown as Parameters<typeof videojs.registerComponent>[1]);
}
