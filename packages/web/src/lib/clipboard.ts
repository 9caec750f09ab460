/**
 * Copies text for the user: the Clipboard API, else (it is missing outside a secure context, such as the
 * portal on a plain-http LAN address, or the browser refused it) the selected text of `shown` — the field
 * showing it, which then stays selected for a manual copy — or of a hidden text area, and the browser's
 * copy command. True when the text was copied.
 */
export async function copyText(text: string, shown?: { select(): void } | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = shown ? null : hiddenTextArea(text);
    (shown ?? area)?.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    } finally {
      area?.remove();
    }
  }
}

function hiddenTextArea(text: string): HTMLTextAreaElement {
  const area = document.createElement("textarea");
  area.value = text;
  area.readOnly = true;
  // Off screen and out of the reading order: it exists only for the copy command.
  area.setAttribute("aria-hidden", "true");
  area.style.position = "fixed";
  area.style.opacity = "0";
  area.style.pointerEvents = "none";
  document.body.append(area);
  return area;
}
