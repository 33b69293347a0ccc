// Entry point of the embeddable player. The gateway renders a <video> and the
// config (see config.ts); this wires Video.js and each Vidhost module to
// them. Every module is independent: each reads only its part of the config.
import './csp';
import videojs from 'video.js';
import 'video.js/dist/video-js.css';
import './style/player.css';
import { registerAirPlay } from './airplay';
import { mountAspect } from './aspect';
import { mountAnalytics } from './analytics';
import { mountChapters } from './chapters';
import { readConfig } from './config';
import { mountEmbedding } from './embedding';
import { mountLive } from './live';
import { mountCards } from './overlays/cards';
import { mountGates } from './overlays/gates';
import { mountHotspots } from './overlays/hotspots';
import { applyColour, playerOptions } from './player';
import { lockQuality, QualitySelection, type Vhs } from './quality';
import { registerSettings } from './settings';
import { mountSprites } from './sprites';
import { mountTitle } from './titlebar';
import { showTrack } from './tracks';
import type { Player } from './vjs';

function start(): void {
  const element = document.getElementById('vh-video');
  if (!element) return;
  const config = readConfig(document);
  const { video, player: settings } = config;
  const nativeHls = Boolean(videojs.browser.IS_ANY_SAFARI);
  const unlockQuality = lockQuality((videojs as unknown as { Vhs: Vhs }).Vhs, settings.quality);
  registerSettings(new QualitySelection(settings.quality, unlockQuality));
  registerAirPlay();
  const player = videojs(element, playerOptions(config, nativeHls)) as unknown as Player;
  applyColour(player.el(), settings.colour);
  mountAspect(player, document.documentElement, video);
  showTrack(player, settings.track);
  mountChapters(player, video.chapters, video.duration);
  mountSprites(player, video.sprite_vtt);
  mountTitle(player, video.name, video.duration, settings.show_name, settings.show_duration);
  mountLive(player);
  mountCards(player, video.cards);
  const hotspots = mountHotspots(player, video.hotspots);
  // Gates last: their layer must cover the other overlays.
  mountGates(player, video.gates, config.lead_url);
  mountAnalytics(player, config);
  mountEmbedding(player, config);
  if (video.spherical) {
    // A separate chunk: flat videos never download the 360 renderer.
    import('./spherical/index')
      .then((spherical) => spherical.mountSpherical(player, hotspots))
      .catch(() => undefined); // a chunk that fails to load leaves the flat frame playing
  }
}

start();
