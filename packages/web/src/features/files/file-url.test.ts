import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { revokeEvictedFileUrls } from "./file-url";

describe("file blob URLs", () => {
  afterEach(() => vi.restoreAllMocks());

  it("are revoked when their cache entry is removed, and nothing else is", () => {
    const revoke = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const client = new QueryClient();
    const stop = revokeEvictedFileUrls(client.getQueryCache());
    client.setQueryData(["reports", "detail", "file", "/api/files/a.jpg"], "blob:http://localhost/1");
    client.setQueryData(["reports", "detail", "file", "https://cdn.example/b.jpg"], "https://cdn.example/b.jpg");
    client.setQueryData(["reports", "detail", 7], "blob:http://localhost/not-a-file-entry");

    client.clear();
    expect(revoke).toHaveBeenCalledTimes(1);
    expect(revoke).toHaveBeenCalledWith("blob:http://localhost/1");
    stop();
  });
});
