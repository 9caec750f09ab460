// The assets domain as the composition root and other domains see it: its routes, and the QR codes and
// printable sheets the safe tags share.
import type { Domain } from "../context.js";
import { assetRoutes } from "./asset.routes.js";
export { qrPng, qrSvg, renderQrSheet, type QrLabel } from "./qr.js";

/** The assets domain in the application: its routes; domains.ts lists it. */
export const assetsDomain: Domain = {
  name: "assets",
  routes: assetRoutes,
};
