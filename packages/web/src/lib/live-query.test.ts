import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { setLiveQueryData } from "./live-query";

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
