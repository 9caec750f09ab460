import { ApiError } from "../../lib/api";
import { currentLanguage, translateErrorCode } from "../../lib/i18n";
import { getSession } from "../session";

/** Downloads an API file with the session's token (a plain link cannot carry it) through a temporary
 * blob URL; answers the file's name. `path` is the route's address as `urlOf` makes it. */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const token = getSession()?.token;
  const headers: Record<string, string> = { "Accept-Language": currentLanguage() };
  if (token) headers["access-token"] = token;
  let response: Response;
  try {
    response = await fetch(path, { headers, credentials: "same-origin" });
  } catch {
    throw new ApiError({ message: translateErrorCode("generalError") ?? "Error 0", status: 0 });
  }
  if (!response.ok) throw new ApiError({ message: translateErrorCode("exportFileUnavailable") ?? `Error ${response.status}`, status: response.status, code: "exportFileUnavailable", translated: true });
  const blob = await response.blob();
  const filename = /filename="?([^";]+)"?/i.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? fallbackName;
  saveBlob(blob, filename);
  return filename;
}

/** Hands a downloaded file to the browser under `filename`, through a temporary blob URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
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
