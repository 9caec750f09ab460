import { createHash } from "node:crypto";
import { REPORT_TYPES, reportTypeByImageName, reportTypeImagePath } from "@atalaya/shared";

/** One report type's image file and its validator. */
export interface TypeImage {
  svg: string;
  etag: string;
}

// The image is 48 px square; the symbol (24-unit grid of the icon set) fills a 28 px box at its centre.
const SIZE = 48;
const GLYPH = 28;

/** A type's image: its symbol (an SVG path of the icon set, on a 24×24 grid) in white on a disc of the
 * type's colour, ringed in white so a pin stands out on any map. One drawing for badge and pin. */
export function drawTypeImage(color: string, symbolPath: string): string {
  const offset = (SIZE - GLYPH) / 2;
  const scale = Number((GLYPH / 24).toFixed(4));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">` +
    `<circle cx="${SIZE / 2}" cy="${SIZE / 2}" r="${SIZE / 2 - 1.5}" fill="${color}" stroke="#fff" stroke-width="3"/>` +
    `<path fill="#fff" transform="translate(${offset} ${offset}) scale(${scale})" d="${symbolPath}"/>` +
    `</svg>`
  );
}

// Every type's image, drawn at the first request: the icon set's module holds thousands of paths, so the
// server reads it only when an image is first asked for, and keeps the forty drawings.
let drawn: Promise<Map<string, TypeImage>> | undefined;

async function drawAll(): Promise<Map<string, TypeImage>> {
  const icons = await import("@mdi/js");
  return new Map(
    REPORT_TYPES.map((type) => {
      const svg = drawTypeImage(type.color, icons[type.symbol]);
      return [type.imageName, { svg, etag: `"${createHash("sha256").update(svg).digest("base64url").slice(0, 22)}"` }];
    }),
  );
}

/** The image file named `imageName` (a catalogue type's SPEC §3 `imageName`), or undefined for any other name. */
export async function typeImage(imageName: string): Promise<TypeImage | undefined> {
  if (!reportTypeByImageName(imageName)) return undefined;
  drawn ??= drawAll().catch((error: unknown) => {
    drawn = undefined;
    throw error;
  });
  return (await drawn).get(imageName);
}

/** The public address of a type's image as the API lists it (`imageUrl`): the portal's origin and the
 * image path, so a client of the API opens it as it is. */
export function reportTypeImageUrl(publicUrl: string, imageName: string): string {
  return `${publicUrl}${reportTypeImagePath(imageName)}`;
}
