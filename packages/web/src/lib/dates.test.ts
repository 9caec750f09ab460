import { describe, expect, it } from "vitest";
import dayjs from "dayjs";
import { formatCalendarDay, formatDayRange, formatDuration, formatInstant, formatTimeLeft, zoneOffsetMinutes } from "./dates";

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

describe("formatDuration", () => {
  it("writes days, hours, minutes and seconds (SPEC §9 d h m s)", () => {
    expect(formatDuration(86_400 + 2 * 3_600 + 3 * 60 + 4)).toBe("1 d 2 h 3 m 4 s");
    expect(formatDuration(3 * 86_400)).toBe("3 d");
    expect(formatDuration(3_600 + 5)).toBe("1 h 5 s");
    expect(formatDuration(59)).toBe("59 s");
    expect(formatDuration(180)).toBe("3 m");
  });

  it("rounds to whole seconds and shows none as 0 s", () => {
    expect(formatDuration(0)).toBe("0 s");
    expect(formatDuration(0.4)).toBe("0 s");
    expect(formatDuration(11_144.6)).toBe("3 h 5 m 45 s");
    expect(formatDuration(59.5)).toBe("1 m");
  });

  it("shows the empty mark when there is no duration", () => {
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(undefined, { empty: "n/a" })).toBe("n/a");
    expect(formatDuration(Number.NaN)).toBe("—");
    expect(formatDuration(-5)).toBe("—");
  });

  it("keeps the largest units only when asked, rounding the last one", () => {
    expect(formatDuration(86_400 + 2 * 3_600 + 3 * 60 + 4, { largest: 2 })).toBe("1 d 2 h");
    expect(formatDuration(2 * 3_600 - 1, { largest: 2 })).toBe("2 h");
    expect(formatDuration(86_400 + 13 * 3_600, { largest: 1 })).toBe("2 d");
    expect(formatDuration(45, { largest: 1 })).toBe("45 s");
  });

  it("takes other unit labels", () => {
    expect(formatDuration(90_061, { units: { d: "j", h: "h", m: "min", s: "s" } })).toBe("1 j 1 h 1 min 1 s");
  });
});

describe("formatTimeLeft", () => {
  it("writes the time left to a due time in d h m s, at most three units", () => {
    expect(formatTimeLeft(((3 * 60 + 4) * 60 + 5) * 1000)).toEqual({ text: "3 h 4 m 5 s", late: false });
    expect(formatTimeLeft(59_999)).toEqual({ text: "59 s", late: false });
    expect(formatTimeLeft((2 * 86_400 + 5 * 3600 + 30 * 60 + 26) * 1000)).toEqual({ text: "2 d 5 h 30 m", late: false });
  });

  it("counts the time since the due time once late, the same way", () => {
    expect(formatTimeLeft(-61_000)).toEqual({ text: "1 m 1 s", late: true });
    expect(formatTimeLeft(-(2 * 86_400 + 5 * 3600 + 32 * 60) * 1000)).toEqual({ text: "2 d 5 h 32 m", late: true });
  });

  it("says 0 s at the due time itself", () => {
    expect(formatTimeLeft(0)).toEqual({ text: "0 s", late: false });
    expect(formatTimeLeft(-400)).toEqual({ text: "0 s", late: true });
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
