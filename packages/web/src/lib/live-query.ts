import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Puts the whole value a live message brought into a query's cache (a message with only part of it, one
 * comment of a list, merges and refetches instead). A read of the same query already on its way
 * may have been answered by the server before that message's change: taken after it, its answer would
 * undo the newer value (a progress seen at 10 of 10 going back to 0 of 10). The read is cancelled first,
 * which returns the query to what it held before it, then the live value is set.
 */
export async function setLiveQueryData<T>(client: QueryClient, key: QueryKey, value: T): Promise<void> {
  await client.cancelQueries({ queryKey: key, exact: true });
  client.setQueryData<T>(key, value);
}
