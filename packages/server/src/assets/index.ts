// The assets domain as the composition root and other domains see it: its routes, and the QR codes and
// printable sheets the safe tags share.
export { assetRoutes } from "./asset.routes.js";
export { qrPng, qrSvg, renderQrSheet, type QrLabel } from "./qr.js";
