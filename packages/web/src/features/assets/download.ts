import { getSession } from "../session/session-store";
import { currentLanguage } from "../../i18n/i18n";

/** Fetches a file the API serves with the session's token (a plain link cannot carry it) and hands it
 * to the browser as a download named `filename`. */
export async function downloadApiFile(path: string, filename: string): Promise<void> {
  const token = getSession()?.token;
  const response = await fetch(path, { headers: { "Accept-Language": currentLanguage(), ...(token ? { "access-token": token } : {}) }, credentials: "same-origin" });
  if (!response.ok) throw new Error(`Error ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
