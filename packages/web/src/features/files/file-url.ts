import { useQuery, type QueryCache } from "@tanstack/react-query";
import { API_BASE } from "../../lib/api";
import { getSession } from "../session";

/** True for a file the portal's API serves (it needs the `access-token` header, which `<img src>` cannot send). */
export function needsAuthorization(url: string): boolean {
  return url.startsWith(`${API_BASE}/`);
}

/** Fetches an API file with the operator's token and returns a blob URL for it; other URLs come back as they are. */
export async function authorizedFileUrl(url: string, signal?: AbortSignal): Promise<string> {
  if (!needsAuthorization(url)) return url;
  const token = getSession()?.token;
  const response = await fetch(url, { headers: token ? { "access-token": token } : {}, credentials: "same-origin", signal });
  if (!response.ok) throw new Error(`Error ${response.status}`);
  return URL.createObjectURL(await response.blob());
}

const FILE_KEY = ["reports", "detail", "file"] as const;

/** Releases a file's blob URL when its cache entry goes (unused for gcTime, or the cache cleared at
 * logout), so the browser frees the file's memory; returns the unsubscribe. */
export function revokeEvictedFileUrls(cache: QueryCache): () => void {
  return cache.subscribe((event) => {
    if (event.type !== "removed") return;
    const { queryKey, state } = event.query;
    if (FILE_KEY.every((part, i) => queryKey[i] === part) && typeof state.data === "string" && state.data.startsWith("blob:"))
      URL.revokeObjectURL(state.data);
  });
}

/** A displayable URL for a stored file (a blob URL for private API files); undefined while it loads. */
export function useFileUrl(url: string, enabled = true): { src: string | undefined; failed: boolean } {
  const query = useQuery({
    queryKey: [...FILE_KEY, url],
    queryFn: ({ signal }) => authorizedFileUrl(url, signal),
    enabled,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    retry: 1,
  });
  return { src: query.data, failed: query.isError };
}

/** Opens a stored file in a new tab (fetched with the token first when the API serves it). */
export async function openFile(url: string): Promise<void> {
  // The tab is opened synchronously so popup blockers accept it, then pointed at the file.
  const tab = window.open("about:blank", "_blank");
  try {
    const target = await authorizedFileUrl(url);
    if (tab) tab.location.href = target;
    else window.location.assign(target);
    // The other tab has loaded the file well before this; the URL is not cached anywhere else.
    if (target.startsWith("blob:")) setTimeout(() => URL.revokeObjectURL(target), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
