/** Content-Security-Policy of the portal, of the API documentation and of served uploads. */

/** Origins the portal's maps load tiles from: the style in packages/web/src/lib/map-style.ts (a test
 * keeps the two in step). MapLibre fetches raster tiles (connect-src) and draws them as images. */
export const MAP_TILE_ORIGINS: readonly string[] = ["https://tile.openstreetmap.org"];

export type CspDirectives = Record<string, string[]>;

export interface PortalCspSources {
  /** Origins of configured map styles, tiles, glyphs and sprites (MAP_STYLE_URL, MAP_ORIGINS). */
  mapOrigins?: readonly string[];
}

/** What the built portal loads and nothing else:
 * - scripts, MapLibre's worker (an emitted module file, see setWorkerUrl), fonts: this origin;
 * - styles: this origin plus inline, because Ant Design's CSS-in-JS inserts <style> elements and
 *   React sets style attributes;
 * - images: this origin, data: (inline icons), blob: (uploads fetched with the token, decoded
 *   images), map tiles (MapLibre fetches them, and draws them as images where ImageBitmap is missing);
 * - audio and video: blob: (uploads fetched with the token);
 * - fetch/XHR/WebSocket: this origin ('self' covers ws:/wss: of the same host) and the map tiles.
 *   The geocoder is called by the server only, so the browser never needs it;
 * - nothing may frame the portal; it frames only its own origin (a custom dashboard is shown through
 *   its frame page, whose own CSP allows that dashboard's origin alone); no plugins; forms post to itself.
 * No upgrade-insecure-requests: the portal is also opened over plain http on a LAN address. */
export function portalCspDirectives({ mapOrigins = [] }: PortalCspSources = {}): CspDirectives {
  return {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "script-src": ["'self'"],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    // Gravatar: a member's picture when they have no cover (user admin, issue 12).
    "img-src": ["'self'", "data:", "blob:", "https://www.gravatar.com", ...MAP_TILE_ORIGINS, ...mapOrigins],
    "media-src": ["'self'", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...MAP_TILE_ORIGINS, ...mapOrigins],
    "worker-src": ["'self'"],
    "frame-src": ["'self'"],
    "object-src": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
}

/** A custom dashboard's frame page (organisation/dashboard-frame.ts): no script, its one style by hash,
 * frames the dashboard's origin and nothing else, framed only by the portal. */
export function dashboardFrameCspDirectives(origin: string, styleHash: string): CspDirectives {
  return {
    "default-src": ["'none'"],
    "base-uri": ["'none'"],
    "style-src": [styleHash],
    "frame-src": [origin],
    "form-action": ["'none'"],
    "frame-ancestors": ["'self'"],
  };
}

/** The Swagger UI at /api/docs: its own scripts and styles (it sets inline styles), its inline
 * images, and "Try it out" calls to this origin. */
export function docsCspDirectives(): CspDirectives {
  return {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "script-src": ["'self'"],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
}

/** An uploaded file opened directly runs nothing and loads nothing: a sandboxed document with no
 * sources (an image or a PDF still shows; a file that sniffs as HTML could not script). */
export const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** The header value of a set of directives. */
export function cspHeader(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}
