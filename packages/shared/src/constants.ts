/** Business constants of SPEC §9 and §6, named once for server and web. */
export const PORTAL_VERSION = "30.14.0";
/** SPEC §9 error-reporting sample rate: the share of the browser's errors that are reported. */
export const CLIENT_ERROR_SAMPLE_RATE = 0.8;
export const DEFAULT_TIMEZONE = "America/Santiago";
export const DEFAULT_PHONE_COUNTRY = "CL" as const;
export const LANGUAGES = ["es", "en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];
/** Spanish in the logged-in portal, English in sign-up and the app shell (SPEC §1). */
export const DEFAULT_PORTAL_LANGUAGE: Language = "es";
export const DEFAULT_SHELL_LANGUAGE: Language = "en";

export const VALIDATION_ERROR_DISPLAY_MS = 3000;
export const LOGIN_SHAKE_MS = 150;
export const PASSWORD_RESET_REDIRECT_MS = 10_000;
export const INCOMING_COMMENTS_KEPT = 100;
export const TOAST_ERROR_SECONDS = 3;
export const TOAST_SUCCESS_SECONDS = 2;

/** Polling fallback: minutes between polls when the config is unset (SPEC §9). */
export const DEFAULT_POLLING_MINUTES = 15;
export const HEAT_MAP_INTERVAL_HOURS = 4;
export const DEFAULT_PANEL_ZOOM = 16;
/** SPEC §9 maximum drawing area, in km². */
export const MAX_DRAWING_AREA = 10_000;
/** SPEC §9 "Minimum 3": the fewest corners of a zone. */
export const MINIMUM_ZONE_POINTS = 3;
export const MAP_ZOOM = { min: 2, max: 20, initial: 4, signUp: 11 } as const;
export const MAP_FIT_BOUND_THRESHOLD = 300;
export const DAY_STYLE_HOURS = { from: 7, to: 19 } as const;
export const GLOBAL_ZONE_ID = 173;

export const DEFAULT_TYPE_COLOR = "#F96134";
export const THEME_PRIMARY = "#f54286";
/** The same hue darkened for text and for fills under white text: 6.1:1 on white, 5.6:1 on the page
 * background (the brand pink itself is 3.5:1 with white, under the 4.5:1 WCAG AA asks of text). */
export const THEME_PRIMARY_STRONG = "#c20a50";
export const ZONE_STROKE = "#F54286";
export const ZONE_STROKE_WEIGHT = 2;

/** Real-time tickets are single use and short lived. */
export const REALTIME_TICKET_TTL_SECONDS = 30;

/** Login throttle (POST /api/login and /api/app/login): failures looked back on within this window. */
export const LOGIN_WINDOW_SECONDS = 60 * 60;
/** Failures allowed without a wait per e-mail, per address and per known device; each further one
 * doubles the wait before the next attempt, from LOGIN_BASE_DELAY_SECONDS up to LOGIN_MAX_DELAY_SECONDS. */
export const LOGIN_FREE_FAILURES_PER_EMAIL = 5;
export const LOGIN_FREE_FAILURES_PER_ADDRESS = 20;
export const LOGIN_FREE_FAILURES_PER_DEVICE = 5;
export const LOGIN_BASE_DELAY_SECONDS = 30;
export const LOGIN_MAX_DELAY_SECONDS = 15 * 60;

/** Access tokens live this long unless logged out or the account is locked. */
export const ACCESS_TOKEN_TTL_HOURS = 12;
