import { create } from "xmlbuilder2";
import type { Open311Format } from "@atalaya/shared";

type XMLBuilder = ReturnType<typeof create>;

// GeoReport v2 answers in its two formats. JSON follows the specification's "Spark convention" mapping
// of the XML: a list is a JSON array, an element an object. XML has no namespace and names each item of
// a list after the list (services → service), as the specification's examples do.

/** A value of an Open311 answer: text, number, flag, missing (an empty element; null in JSON), an object or a list. */
export type Open311Value = string | number | boolean | null | Open311Value[] | { [key: string]: Open311Value };

/** The element name of each item of a list, by the list's name. */
const ITEM_OF: Record<string, string> = {
  services: "service",
  service_requests: "request",
  attributes: "attribute",
  values: "value",
  errors: "error",
  endpoints: "endpoint",
  formats: "format",
};

export const CONTENT_TYPES: Record<Open311Format, string> = {
  json: "application/json; charset=utf-8",
  xml: "text/xml; charset=utf-8",
};

// Characters XML 1.0 cannot carry, not even as a character reference (its Char production): the C0
// controls but tab, line feed and carriage return, U+FFFE, U+FFFF and unpaired surrogates.
// eslint-disable-next-line no-control-regex -- matching those controls is the point
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A text as both formats carry it: each character XML 1.0 cannot hold becomes U+FFFD (the replacement
 * character), in JSON too, so a client reads the same text whichever format it asks for. */
export function open311Text(text: string): string {
  return text.replace(NOT_XML_CHAR, "\uFFFD");
}

/** The value with every text made carriable (open311Text). */
function carriable(value: Open311Value): Open311Value {
  if (typeof value === "string") return open311Text(value);
  if (Array.isArray(value)) return value.map(carriable);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, carriable(v)]));
  return value;
}

/** A text node's content for xmlbuilder2's txt(). Its serializer escapes < and > but leaves an & that
 * already looks like a reference (`&nbsp;`, `&#1;`) alone, which would publish a report's "&nbsp;" as an
 * undefined entity and "&amp;" as "&": every & is escaped here first (the serializer then leaves those
 * `&amp;` as they are). A carriage return is written as a reference, or a parser reads it as a line feed. */
function xmlText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/\r/g, "&#13;");
}

function append(parent: XMLBuilder, name: string, value: Open311Value): void {
  const el = parent.ele(name);
  if (value === null) return;
  if (Array.isArray(value)) {
    const item = ITEM_OF[name] ?? "item";
    for (const v of value) append(el, item, v);
  } else if (typeof value === "object") {
    for (const [k, v] of Object.entries(value)) append(el, k, v);
  } else {
    el.txt(xmlText(String(value)));
  }
}

/** The answer as text in the format asked: `root` names the XML document element (a list's items are
 * named from it). */
export function render(format: Open311Format, root: string, value: Open311Value): string {
  const safe = carriable(value);
  if (format === "json") return JSON.stringify(safe);
  const doc = create({ version: "1.0", encoding: "utf-8" });
  append(doc, root, safe);
  // wellFormed: a character that slipped past open311Text throws here rather than reaching a client.
  return doc.end({ prettyPrint: false, wellFormed: true });
}

/** The format a URL asks for: `.xml` before the query, else JSON (for errors before the route knows). */
export function formatOfUrl(url: string): Open311Format {
  return /\.xml$/i.test(url.split("?")[0] ?? "") ? "xml" : "json";
}

/** An error as GeoReport v2 answers it: a list of {code, description}. */
export function renderErrors(format: Open311Format, errors: { code: number; description: string }[]): string {
  return render(format, "errors", errors);
}

/** A W3C date-time with its zone and no fraction (2010-01-01T00:00:00Z), or null. */
export function w3(date: Date | string | null): string | null {
  return date === null ? null : new Date(date).toISOString().replace(/\.\d{3}Z$/, "Z");
}
