// Imported first by main.ts, before Video.js evaluates: without this flag
// Video.js injects <style> elements, which a strict Content-Security-Policy
// (style-src 'self', as the gateway sends) refuses. Its default sizes live in
// our own stylesheet instead.
(window as unknown as { VIDEOJS_NO_DYNAMIC_STYLE: boolean }).VIDEOJS_NO_DYNAMIC_STYLE = true;
export {};
