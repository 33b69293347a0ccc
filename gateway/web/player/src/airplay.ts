// The `airplay` control. Only Safari implements AirPlay for web video (the
// WebKit playback-target API); in every other browser the button stays
// hidden, even when the Player lists it. Safari also says whether a device is
// in reach, and the button hides while none is. Safari plays HLS natively
// (see quality.ts), which is what lets AirPlay hand the stream to the device.
import { componentClass, registerComponent, type ButtonInstance } from './components';
import { videoElement, type Player } from './vjs';

interface PlaybackTargetEvent extends Event { availability?: string }

interface WebKitVideo extends HTMLVideoElement { webkitShowPlaybackTargetPicker?: () => void }

export function airPlaySupported(): boolean {
  return 'WebKitPlaybackTargetAvailabilityEvent' in window;
}

const Button = componentClass<ButtonInstance>('Button');

class AirPlayButton extends Button {
  constructor(player: Player, options?: Record<string, unknown>) {
    super(player, options);
    this.controlText('AirPlay');
    if (!airPlaySupported()) {
      this.hide();
      return;
    }
    player.ready(() => {
      videoElement(player).addEventListener('webkitplaybacktargetavailabilitychanged', (event: PlaybackTargetEvent) => {
        if (event.availability === 'available') this.show();
        else this.hide();
      });
    });
  }

  buildCSSClass(): string {
    return `vh-airplay-control ${super.buildCSSClass()}`;
  }

  handleClick(): void {
    (videoElement(this.player()) as WebKitVideo).webkitShowPlaybackTargetPicker?.();
  }
}

// registerAirPlay must run before the player is created: the control bar
// builds its children by registered name.
export function registerAirPlay(): void {
  registerComponent('AirPlayButton', AirPlayButton);
}
