import { describe, expect, it } from "vitest";
import dayjs from "dayjs";
import { formatCalendarDay, formatDayRange, formatInstant, zoneOffsetMinutes } from "./dates";

const ZONE = "America/Santiago";

describe("formatDayRange", () => {
  it("writes a period's days in the reader's zone and language, its end exclusive", () => {
    // 27 Nov 2026 00:00 in Santiago (UTC-3) to the next midnight: one day.
    expect(formatDayRange("2026-11-27T03:00:00Z", "2026-11-28T03:00:00Z", ZONE, "es")).toBe("27 nov 2026");
    // A week from a Friday: its last day is the Thursday after.
    expect(formatDayRange("2026-11-27T03:00:00Z", "2026-12-04T03:00:00Z", ZONE, "es")).toBe("27 nov – 3 dic 2026");
    expect(formatDayRange("2026-11-27T03:00:00Z", "2026-12-04T03:00:00Z", ZONE, "en")).toBe("27 Nov – 3 Dec 2026");
    expect(formatDayRange("2026-12-28T03:00:00Z", "2027-01-04T03:00:00Z", ZONE, "fr")).toBe("28 déc. 2026 – 3 janv. 2027");
  });

  it("gives null for dates it cannot read", () => {
    expect(formatDayRange("not a date", "2026-12-04T03:00:00Z", ZONE, "es")).toBeNull();
  });
});

describe("formatCalendarDay", () => {
  it("writes a stored day in the reader's language, the same day in every zone", () => {
    expect(formatCalendarDay("2026-11-06", "es")).toBe("6 nov 2026");
    expect(formatCalendarDay("2027-01-26", "en")).toBe("26 Jan 2027");
    expect(formatCalendarDay("2027-01-26", "fr")).toBe("26 janv. 2027");
    expect(formatCalendarDay("26/01/2027", "es")).toBe("26/01/2027");
  });
});

describe("formatInstant", () => {
  it("writes an instant as the zone's clock reads it, on both sides of a change of summer time", () => {
    // Santiago left summer time on 5 Apr 2026 (UTC-3 to UTC-4) and went back on 6 Sep 2026.
    expect(formatInstant("2026-04-05T02:59:59Z", ZONE, "es")).toBe("4 abr 2026, 23:59:59");
    expect(formatInstant("2026-04-05T03:00:00Z", ZONE, "es")).toBe("4 abr 2026, 23:00:00");
    expect(formatInstant("2026-09-06T04:00:00Z", ZONE, "en", "D MMM YYYY, HH:mm")).toBe("6 Sep 2026, 01:00");
    expect(formatInstant("2026-11-27T15:04:05.678Z", "Asia/Kathmandu", "fr", "D MMM YYYY, HH:mm:ss")).toBe("27 nov. 2026, 20:49:05");
    expect(formatInstant("2026-11-27T15:04:05Z", "UTC", "es", "HH:mm")).toBe("15:04");
  });

  it("gives what dayjs' time zone plugin gives", () => {
    for (const value of ["2026-01-01T00:00:00Z", "2026-04-05T03:30:00Z", "2026-07-15T12:00:00.999Z", "2026-09-06T03:59:59Z"]) {
      for (const zone of [ZONE, "Europe/Paris", "America/New_York", "Australia/Lord_Howe"]) {
        expect(formatInstant(value, zone, "es", "YYYY-MM-DD HH:mm:ss.SSS Z")).toBe(dayjs(value).tz(zone).locale("es").format("YYYY-MM-DD HH:mm:ss.SSS Z"));
      }
    }
  });

  it("falls back to Santiago's clock for a zone it does not know, and gives null for what is not a date", () => {
    expect(formatInstant("2026-11-27T15:00:00Z", "Mars/Olympus_Mons", "es", "HH:mm")).toBe("12:00");
    expect(formatInstant("not a date", ZONE, "es")).toBeNull();
  });

  it("measures a zone's offset in minutes", () => {
    expect(zoneOffsetMinutes(Date.parse("2026-11-27T15:00:00Z"), ZONE)).toBe(-180);
    expect(zoneOffsetMinutes(Date.parse("2026-06-27T15:00:00Z"), ZONE)).toBe(-240);
    expect(zoneOffsetMinutes(Date.parse("2026-06-27T15:00:00Z"), "Asia/Kathmandu")).toBe(345);
  });
});
