// The powerful browser features the portal's pages may use: the maps' and forms' "my location" and the
// map's full screen, on the portal's own origin only; everything else a page could ask the user for
// (camera, microphone, payment, sensors, USB, screen capture…) is off, so an injected script or a framed
// page cannot ask either. Only features every current browser recognises are named (an unknown one
// is a console warning on every page).
const ALLOWED_SELF = ["geolocation", "fullscreen"];
const DENIED = ["camera", "microphone", "payment", "usb", "serial", "hid", "midi", "accelerometer", "gyroscope", "magnetometer", "display-capture"];

/** The `Permissions-Policy` header value every answer carries. */
export const PERMISSIONS_POLICY = [...ALLOWED_SELF.map((f) => `${f}=(self)`), ...DENIED.map((f) => `${f}=()`)].join(", ");
