import { describe, expect, it } from "vitest";
import { assertTestDatabaseUrl, isStale, newTestDatabaseName, openTestPostgres, TestDatabaseRefused } from "./test-database.js";

describe("assertTestDatabaseUrl", () => {
  it("lets through a database whose name ends in _test, such as the ones a run creates", () => {
    const url = `postgres://postgres@127.0.0.1:5432/${newTestDatabaseName()}`;
    expect(assertTestDatabaseUrl(url)).toBe(url);
    expect(assertTestDatabaseUrl("postgresql://u:p@db.example:6543/atalaya_test?sslmode=disable")).toContain("atalaya_test");
  });

  it("refuses, in one line that hides the password, any other database", () => {
    for (const url of [
      "postgres://postgres@127.0.0.1:5432/test",
      "postgres://dev:s3cret@127.0.0.1:5432/atalaya",
      "postgres://dev@127.0.0.1:5432/atalaya_test_backup",
      "postgres://dev@127.0.0.1:5432/prod?database=atalaya_test",
      "postgres://dev@127.0.0.1:5432",
      "postgres://dev@127.0.0.1:5432/",
      "mysql://dev@127.0.0.1/atalaya_test",
      "/var/run/postgresql atalaya_test",
      "not a url",
    ]) {
      let error: unknown;
      try {
        assertTestDatabaseUrl(url);
      } catch (err) {
        error = err;
      }
      expect(error, url).toBeInstanceOf(TestDatabaseRefused);
      const message = (error as Error).message;
      expect(message).toMatch(/^Refusing to run tests on .*: tests only use a database they created, whose name ends in _test/);
      expect(message).not.toContain("\n");
      expect(message).not.toContain("s3cret");
    }
  });

  it("is applied before any connection is opened", async () => {
    await expect(openTestPostgres("postgres://postgres@127.0.0.1:1/test", 1)).rejects.toThrow(TestDatabaseRefused);
  });
});

describe("isStale (the sweep of databases left by killed runs)", () => {
  const now = Date.UTC(2026, 0, 10, 12);
  const name = (pid: number, minutesAgo: number) => `atalaya_${pid}_${(now - minutesAgo * 60_000).toString(36)}_a1b2c3_test`;
  const here = (pid: number) => JSON.stringify({ host: "ci-box", pid });
  const deadPid = 2 ** 22 + 12345; // above Linux's pid_max limit: no such process

  it("drops this machine's databases whose process is gone, once they are 2 minutes old", () => {
    expect(isStale(name(deadPid, 10), here(deadPid), now, "ci-box")).toBe(true);
    expect(isStale(name(deadPid, 1), here(deadPid), now, "ci-box")).toBe(false);
  });

  it("keeps those of a live process, and those of another machine, until they are a day old", () => {
    expect(isStale(name(process.pid, 60), here(process.pid), now, "ci-box")).toBe(false);
    expect(isStale(name(deadPid, 60), here(deadPid), now, "other-box")).toBe(false);
    expect(isStale(name(deadPid, 60), null, now, "ci-box")).toBe(false);
    expect(isStale(name(process.pid, 25 * 60), here(process.pid), now, "ci-box")).toBe(true);
    expect(isStale(name(deadPid, 25 * 60), "not json", now, "other-box")).toBe(true);
  });

  it("never touches a database it did not name", () => {
    for (const other of ["test", "atalaya_test", "atalaya_dev", `atalaya_${deadPid}_zz_test`, "atalaya_1_abc_a1b2c3_test_copy"])
      expect(isStale(other, here(deadPid), now, "ci-box")).toBe(false);
  });
});
