import { randomUUID } from "node:crypto";
import { DRUGS_TYPE_ID, REPORT_TYPES, localizedName } from "@atalaya/shared";
import { DEMO_NEIGHBOURS, DEMO_PASSWORD, DEMO_ZONES, STREETS, describe } from "../seed/index.js";
import { ringContains, type Position } from "../zones/index.js";
import { parseSimulateOptions, type SimulateOptions } from "./simulate-options.js";

// `npm run simulate [-- --rate=N --duration=SECONDS --url=URL]`: community traffic against a running
// portal (reports, comments, likes around the demo organisation) so the events panel is alive.

const REQUEST_TIMEOUT_MS = 10_000;
const RECENT_REPORTS = 30;
// A route the other app endpoints do not have yet is probed again after this long.
const RETRY_MISSING_ROUTE_MS = 60_000;

const COMMENTS = [
  "Yo también lo vi, pasó hace unos minutos.",
  "Sigue ocurriendo, por favor envíen a alguien.",
  "Confirmo, estoy a una cuadra y se ve desde aquí.",
  "Gracias por avisar, vecino.",
  "Ya llamé a Carabineros, dicen que van en camino.",
  "Esto pasa todas las semanas en el mismo lugar.",
  "Hay una cámara en el local de la esquina que pudo grabarlo.",
  "Ya se fueron, pero quedó todo desordenado.",
  "¿Alguien sabe si hubo heridos?",
  "La municipalidad debería poner más luminarias aquí.",
  "Pasé recién y todavía está igual.",
  "Cuidado los que pasen por ahí con niños.",
];

interface Neighbour {
  email: string;
  name: string;
  token: string;
}

/** A demo patrol driving around its zone: where it is and which way it goes. */
interface PatrolCar {
  email: string;
  token: string;
  at: Position;
  /** Unit step along the street grid: east, west, north or south. */
  dir: [number, number];
}

// A car at ~30 km/h moves about 40 m between positions sent every 5 s: 0.0004° on Santiago's grid.
const PATROL_STEP_DEG = 0.0004;
const PATROL_EVERY_MS = 5000;
const PATROL_EMAILS = ["patrulla@demo.cl", "patrulla2@demo.cl", "patrulla3@demo.cl"];

interface RecentReport {
  id: number;
  uuid: string;
}

type ApiResult = { status: number; body: Record<string, unknown> | undefined };

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readOptions(): SimulateOptions {
  const command = parseSimulateOptions(process.argv.slice(2), process.env);
  if (command.kind === "error") fail(command.message);
  if (command.kind === "help") {
    console.log(command.text);
    process.exit(0);
  }
  return command.options;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const DIRECTIONS: [number, number][] = [[1, 0], [-1, 0], [0, 1], [0, -1]];

/** A uniformly random point inside one demo zone (70 % in the larger centre zone), as [lng, lat]. */
function pointInDemoZones(): Position {
  const ring = DEMO_ZONES[Math.random() < 0.7 ? 0 : 1]!.ring;
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  for (;;) {
    const p: Position = [minX + Math.random() * (maxX - minX), minY + Math.random() * (maxY - minY)];
    if (ringContains(ring, p)) return [Number(p[0].toFixed(6)), Number(p[1].toFixed(6))];
  }
}

/** Seconds until the next event of a Poisson process of `perMinute` events a minute. */
const nextGapMs = (perMinute: number) => (-Math.log(1 - Math.random()) * 60_000) / perMinute;

const clock = () => new Date().toTimeString().slice(0, 8);
const say = (line: string) => console.log(`${clock()}  ${line}`);

class Simulator {
  private readonly stop = new AbortController();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly recent: RecentReport[] = [];
  private neighbours: Neighbour[] = [];
  private readonly patrols: PatrolCar[] = [];
  private readonly missingSince = new Map<"comments" | "like", number>();
  private readonly voted = new Set<string>();
  private readonly counts = { reports: 0, comments: 0, likes: 0, positions: 0, failures: 0 };
  // Drugs reports turn private and anonymous for operators, and "Test" is for trying the app out: the
  // simulation keeps to the everyday types.
  private readonly types = REPORT_TYPES.filter((t) => t.active && t.id !== DRUGS_TYPE_ID && t.nameLocalized.en !== "Test");

  constructor(private readonly options: SimulateOptions) {}

  get signal(): AbortSignal {
    return this.stop.signal;
  }

  /** Asks every loop to stop; requests already sent finish. */
  halt(): void {
    this.stop.abort();
  }

  private async call(method: string, path: string, body: unknown, token?: string): Promise<ApiResult> {
    const res = await fetch(`${this.options.url}${path}`, {
      method,
      headers: { "content-type": "application/json", "accept-language": "es", ...(token ? { "access-token": token } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let parsed: Record<string, unknown> | undefined;
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed };
  }

  /** Fails with a readable message when nothing answers at the URL. */
  async checkPortal(): Promise<void> {
    try {
      const res = await fetch(`${this.options.url}/readyz`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      if (!res.ok) fail(`${this.options.url}/readyz answered ${res.status}: the portal is not ready (is its database up?)`);
    } catch (err) {
      fail(`Cannot reach the portal at ${this.options.url} (${(err as Error).cause ?? (err as Error).message}). Start it with \`npm start\` or set --url / SIMULATE_URL.`);
    }
  }

  /** Signs in the demo neighbours; the ones that cannot sign in are left out (reports go anonymous). */
  async signIn(): Promise<void> {
    for (const [i, [first, last]] of DEMO_NEIGHBOURS.entries()) {
      if (this.signal.aborted) return;
      const email = `vecino${i + 1}@demo.cl`;
      try {
        const { status, body } = await this.call("POST", "/api/app/login", { email, password: DEMO_PASSWORD });
        const token = (body?.user as { access_token?: string } | undefined)?.access_token;
        if (status === 200 && token) {
          this.neighbours.push({ email, name: `${first} ${last}`, token });
          say(`signed in ${email} (${first} ${last})`);
        } else {
          say(`could not sign in ${email}: ${status} ${errorCode(body)}`);
        }
      } catch (err) {
        say(`could not sign in ${email}: ${(err as Error).message}`);
      }
    }
    if (this.neighbours.length === 0) say("no neighbour could sign in (not the demo database?): every report goes anonymous, no comments or likes");
  }

  /** Signs in the demo patrols (the ones that cannot are left out) at a point of the demo zones each. */
  async signInPatrols(): Promise<void> {
    for (const email of PATROL_EMAILS) {
      if (this.signal.aborted) return;
      try {
        const { status, body } = await this.call("POST", "/api/app/login", { email, password: DEMO_PASSWORD });
        const token = (body?.user as { access_token?: string } | undefined)?.access_token;
        if (status !== 200 || !token) continue;
        this.patrols.push({ email, token, at: pointInDemoZones(), dir: pick(DIRECTIONS) });
        say(`patrol ${email} on duty`);
      } catch (err) {
        say(`could not sign in ${email}: ${(err as Error).message}`);
      }
    }
  }

  /** Every 5 s each patrol drives one step along the street grid (turning now and then, and back when
   * it would leave the demo zones) and sends its position. */
  async drivePatrols(): Promise<void> {
    while (!this.signal.aborted && this.patrols.length) {
      await sleep(PATROL_EVERY_MS, this.signal);
      if (this.signal.aborted) return;
      await Promise.all(
        this.patrols.map(async (car) => {
          if (Math.random() < 0.15) car.dir = pick(DIRECTIONS);
          let next: Position = [car.at[0] + car.dir[0] * PATROL_STEP_DEG, car.at[1] + car.dir[1] * PATROL_STEP_DEG];
          if (!DEMO_ZONES.some((z) => ringContains(z.ring, next))) {
            car.dir = [-car.dir[0], -car.dir[1]];
            next = [car.at[0] + car.dir[0] * PATROL_STEP_DEG, car.at[1] + car.dir[1] * PATROL_STEP_DEG];
          }
          car.at = [Number(next[0].toFixed(6)), Number(next[1].toFixed(6))];
          const heading = car.dir[1] === 1 ? 0 : car.dir[0] === 1 ? 90 : car.dir[1] === -1 ? 180 : 270;
          const { status } = await this.call("POST", "/api/app/positions", { longitude: car.at[0], latitude: car.at[1], heading, speed: 8.3 }, car.token).catch(() => ({ status: 0 }));
          if (status !== 200) this.counts.failures++;
          else this.counts.positions++;
        }),
      );
    }
  }

  /** Runs fn every Poisson-distributed gap until stopped, without waiting for the previous call. */
  async every(perMinute: number, fn: () => Promise<void>): Promise<void> {
    while (!this.signal.aborted) {
      await sleep(nextGapMs(perMinute), this.signal);
      if (this.signal.aborted) return;
      const p = fn()
        .catch((err: unknown) => {
          this.counts.failures++;
          say(`error: ${(err as Error).message}`);
        })
        .finally(() => this.inFlight.delete(p));
      this.inFlight.add(p);
    }
  }

  async createReport(): Promise<void> {
    const type = pick(this.types);
    const author = this.neighbours.length && Math.random() < 0.85 ? pick(this.neighbours) : undefined;
    const anonymous = !author || Math.random() < 0.2;
    const [longitude, latitude] = pointInDemoZones();
    const address = `${pick(STREETS)} ${100 + Math.floor(Math.random() * 1900)}, Santiago`;
    const body = { type: type.id, description: describe(type.id, Math.random), latitude, longitude, address, anonymous, clientId: randomUUID() };
    const { status, body: res } = await this.call("POST", "/api/app/reports", body, author?.token);
    const who = anonymous ? "anónimo" : author!.name;
    if (status !== 200) {
      this.counts.failures++;
      say(`report FAILED ${status} ${errorCode(res)} (${localizedName(type.nameLocalized, "es")}, ${who})`);
      return;
    }
    const report = res?.report as RecentReport;
    const companies = (res?.companies as number[] | undefined) ?? [];
    this.counts.reports++;
    this.recent.push(report);
    if (this.recent.length > RECENT_REPORTS) this.recent.shift();
    say(`report #${report.id} ${localizedName(type.nameLocalized, "es")} — ${who} — ${address} → companies [${companies.join(", ")}]`);
  }

  /** A comment (40 %) or a like/dislike (60 %) by a signed-in neighbour on a recent report; a route
   * the portal does not have yet (404 from the router, not from the report) is skipped for a while. */
  async socialAction(): Promise<void> {
    if (!this.neighbours.length || !this.recent.length) return;
    const kind = Math.random() < 0.4 ? "comments" : "like";
    const since = this.missingSince.get(kind);
    if (since !== undefined && Date.now() - since < RETRY_MISSING_ROUTE_MS) return;
    // Newer reports draw more attention.
    const report = this.recent[Math.floor(this.recent.length * Math.sqrt(Math.random()))] ?? this.recent[this.recent.length - 1]!;
    // Sending the same vote twice withdraws it: each neighbour votes once on a report.
    const voters = kind === "like" ? this.neighbours.filter((n) => !this.voted.has(`${n.email} ${report.uuid}`)) : this.neighbours;
    if (!voters.length) return;
    const neighbour = pick(voters);
    const value = Math.random() < 0.85 ? 1 : -1;
    const body = kind === "comments" ? { body: pick(COMMENTS) } : { value };
    const { status, body: res } = await this.call("POST", `/api/app/reports/${report.uuid}/${kind}`, body, neighbour.token);
    if (status === 404 && String((res?.error as { message?: string } | undefined)?.message ?? "").startsWith("Route ")) {
      if (since === undefined) say(`POST /api/app/reports/:uuid/${kind} is not available yet on this portal: skipping ${kind === "like" ? "likes" : "comments"}`);
      this.missingSince.set(kind, Date.now());
      return;
    }
    if (since !== undefined) {
      this.missingSince.delete(kind);
      say(`POST /api/app/reports/:uuid/${kind} is available now`);
    }
    if (status === 404 || status === 409) {
      // Deleted or closed to comments meanwhile: forget it.
      const at = this.recent.indexOf(report);
      if (at >= 0) this.recent.splice(at, 1);
      say(`${kind === "like" ? "like" : "comment"} on #${report.id} refused ${status} ${errorCode(res)}`);
      return;
    }
    if (status !== 200 && status !== 201) {
      this.counts.failures++;
      say(`${kind === "like" ? "like" : "comment"} on #${report.id} FAILED ${status} ${errorCode(res)}`);
      return;
    }
    if (kind === "comments") {
      if (res?.created === false) return say(`comment on #${report.id} by ${neighbour.name} was already there (not added twice)`);
      this.counts.comments++;
      say(`comment on #${report.id} by ${neighbour.name}: "${body.body}"`);
    } else {
      this.voted.add(`${neighbour.email} ${report.uuid}`);
      this.counts.likes++;
      say(`${value === 1 ? "like" : "dislike"} on #${report.id} by ${neighbour.name} (${String(res?.likes ?? "?")} likes, ${String(res?.dislikes ?? "?")} dislikes)`);
    }
  }

  /** Waits for the requests already sent (bounded), then prints the totals. */
  async drain(): Promise<void> {
    await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((r) => setTimeout(r, REQUEST_TIMEOUT_MS).unref())]);
    const c = this.counts;
    console.log(`\nSent ${c.reports} reports, ${c.comments} comments, ${c.likes} likes, ${c.positions} patrol positions; ${c.failures} failures.`);
  }
}

function errorCode(body: Record<string, unknown> | undefined): string {
  return String((body?.error as { code?: string } | undefined)?.code ?? "");
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

const options = readOptions();
const sim = new Simulator(options);
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(130); // a second Ctrl-C does not wait
    interrupted = true;
    console.log("\nStopping (Ctrl-C again to quit at once)…");
    sim.halt();
  });
}
if (options.durationSeconds !== undefined) setTimeout(() => sim.halt(), options.durationSeconds * 1000).unref();

await sim.checkPortal();
console.log(
  `Simulating community traffic on ${options.url}: ~${options.rate} reports/min plus comments and likes` +
    (options.durationSeconds ? ` for ${options.durationSeconds} s` : " (Ctrl-C to stop)"),
);
await sim.signIn();
await sim.signInPatrols();
await Promise.all([sim.every(options.rate, () => sim.createReport()), sim.every(options.rate * 2, () => sim.socialAction()), sim.drivePatrols()]);
await sim.drain();
process.exit(0);
