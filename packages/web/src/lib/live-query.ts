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

/**
 * Merges part of a value a live message brought (one comment into a list, new like counters) into a
 * query's cache. A read of the query already on its way may have been answered before the change and
 * would drop the merged part when it lands; such a read is cancelled and the query read again, which
 * now includes the change (the server publishes a change's events after its commit). With no read on
 * its way the merge alone is current.
 */
export async function mergeLiveQueryData<T>(client: QueryClient, key: QueryKey, merge: (current: T | undefined) => T | undefined): Promise<void> {
  const reading = client.isFetching({ queryKey: key, exact: true }) > 0;
  if (reading) await client.cancelQueries({ queryKey: key, exact: true });
  client.setQueryData<T>(key, merge);
  if (reading) void client.invalidateQueries({ queryKey: key, exact: true });
}
