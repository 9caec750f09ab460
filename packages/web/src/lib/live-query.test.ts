import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { mergeLiveQueryData, setLiveQueryData } from "./live-query";

describe("setLiveQueryData", () => {
  it("keeps a live value when a read answered before it arrives after it", async () => {
    const client = new QueryClient();
    const key = ["progress"];
    let answer: (value: { delivered: number }) => void = () => undefined;
    // A read on its way, as the server answered it before the live change (delivered 0).
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: ({ signal }) =>
        new Promise<{ delivered: number }>((resolve, reject) => {
          answer = resolve;
          signal.addEventListener("abort", () => reject(signal.reason));
        }),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await Promise.resolve();
    expect(client.getQueryState(key)?.fetchStatus).toBe("fetching");

    await setLiveQueryData(client, key, { delivered: 10 });
    answer({ delivered: 0 });
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(client.getQueryData(key)).toEqual({ delivered: 10 });
    unsubscribe();
  });

  it("sets the value when no read is on its way", async () => {
    const client = new QueryClient();
    await setLiveQueryData(client, ["progress"], { delivered: 3 });
    expect(client.getQueryData(["progress"])).toEqual({ delivered: 3 });
  });
});

/** A query whose reads stay open until the test answers them; each read's answer in order. */
function heldQuery<T>(client: QueryClient, key: readonly unknown[]) {
  const answers: ((value: T) => void)[] = [];
  const observer = new QueryObserver<T>(client, {
    queryKey: key,
    queryFn: ({ signal }) =>
      new Promise<T>((resolve, reject) => {
        answers.push(resolve);
        signal.addEventListener("abort", () => reject(signal.reason));
      }),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { answers, unsubscribe };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const append = (item: number) => (list: number[] | undefined) => (list ? [...list, item] : list);

describe("mergeLiveQueryData", () => {
  it("keeps a merged comment when a read answered before it arrives after it: the list is read again", async () => {
    const client = new QueryClient();
    const key = ["comments"];
    const held = heldQuery<number[]>(client, key);
    await Promise.resolve();
    held.answers[0]!([1]);
    await settle();
    // A second read on its way (a refetch on focus) that the server answered before comment 2.
    void client.refetchQueries({ queryKey: key });
    await settle();
    expect(held.answers).toHaveLength(2);

    await Promise.all([mergeLiveQueryData(client, key, append(2)), settle().then(() => held.answers[1]!([1]))]);
    // The stale read was cancelled and a new one asked; until it answers the merged list shows.
    expect(client.getQueryData(key)).toEqual([1, 2]);
    expect(held.answers).toHaveLength(3);
    held.answers[2]!([1, 2]);
    await settle();
    expect(client.getQueryData(key)).toEqual([1, 2]);
    held.unsubscribe();
  });

  it("merges without reading again when no read is on its way", async () => {
    const client = new QueryClient();
    const key = ["comments"];
    const held = heldQuery<number[]>(client, key);
    await Promise.resolve();
    held.answers[0]!([1]);
    await settle();

    await mergeLiveQueryData(client, key, append(2));
    expect(client.getQueryData(key)).toEqual([1, 2]);
    expect(held.answers).toHaveLength(1);
    held.unsubscribe();
  });
});
