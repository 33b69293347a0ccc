// @vidhost/elements: <vidhost-player> and <vidhost-uploader> as plain custom
// elements. Plain rather than Lit: two small elements with little state need
// no template engine, and the bundle stays the SDK plus a few kilobytes.
import { VidhostPlayerElement } from './player';
import { VidhostUploaderElement } from './uploader';

export { VidhostPlayerElement, VidhostUploaderElement };

if (!customElements.get('vidhost-player')) customElements.define('vidhost-player', VidhostPlayerElement);
if (!customElements.get('vidhost-uploader')) customElements.define('vidhost-uploader', VidhostUploaderElement);
