import type { Language } from "@atalaya/shared";
import { t, type TextKeyIn, type TextVars } from "../http/texts.js";

// Every text an Open311 client reads in an answer, in the three languages it may ask for. GeoReport v2
// clients are written in English first, so English is the language when Accept-Language names none of
// these (the portal's own API defaults to Spanish instead).

/** The languages Open311 texts are written in. */
export const OPEN311_LANGUAGES = ["en", "es", "fr"] as const satisfies readonly Language[];
export type Open311Language = (typeof OPEN311_LANGUAGES)[number];

/** A text of the `open311` catalogue (locales/<lang>/open311.json, read by http/texts.ts). */
export type Open311MessageKey = TextKeyIn<"open311">;

/** The Open311 language an Accept-Language header asks for: the first of en, es, fr it names, else English. */
export function open311Language(header: string | undefined): Open311Language {
  for (const part of (header ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().slice(0, 2).toLowerCase();
    if ((OPEN311_LANGUAGES as readonly string[]).includes(tag ?? "")) return tag as Open311Language;
  }
  return "en";
}

/** A text of the catalogue in lang, its {{name}} placeholders filled. */
export function open311Message(lang: Open311Language, key: Open311MessageKey, vars: TextVars = {}): string {
  return t(lang, `open311:${key}`, vars);
}
