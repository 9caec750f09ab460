import sanitizeHtml from "sanitize-html";

// The safe subset a message body keeps (what the portal's light editor writes): paragraphs, line
// breaks, emphasis, lists, quotes, small headings and links to web or mail addresses. Everything else
// goes, scripts and event attributes with their content; links open apart and tell nothing of the page.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "div", "br", "b", "strong", "i", "em", "u", "s", "strike", "ul", "ol", "li", "blockquote", "h2", "h3", "a"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: { a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer nofollow" }) },
};

/** A message body reduced to the safe subset of HTML (sanitize-html). */
export function sanitizeMessageBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
