import { describe, expect, it } from "vitest";
import type { RealtimeMessage } from "@atalaya/shared";
import { LIVE_FEED_LIMIT, addToFeed, summarizeMessage, type FeedItem } from "./live-feed";

function message(seq: number, data: Record<string, unknown> = {}): RealtimeMessage {
  return { type: "newReport", seq, companyId: 1, data };
}

describe("live feed", () => {
  it("puts the newest message first and keeps at most 100", () => {
    let items: FeedItem[] = [];
    for (let seq = 1; seq <= 120; seq += 1) items = addToFeed(items, message(seq), seq);
    expect(items).toHaveLength(LIVE_FEED_LIMIT);
    expect(items[0]?.seq).toBe(120);
    expect(items.at(-1)?.seq).toBe(21);
  });

  it("does not list the same seq twice", () => {
    const once = addToFeed([], message(5), 1);
    expect(addToFeed(once, message(5), 2)).toHaveLength(1);
  });

  it("finds the report in the shapes the events use", () => {
    expect(summarizeMessage(message(1, { report: { id: 9, uuid: "u-9", description: "Robo" } }))).toEqual({
      reportId: 9,
      reportUuid: "u-9",
      text: "Robo",
    });
    expect(summarizeMessage(message(2, { reportId: 4, comment: { body: "Hola" } }))).toEqual({
      reportId: 4,
      reportUuid: null,
      text: "Hola",
    });
    expect(summarizeMessage(message(3, { ids: [1, 2] }))).toEqual({ reportId: null, reportUuid: null, text: "#1, #2" });
  });
});
