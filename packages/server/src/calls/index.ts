// Click-to-call (issue 17, SPEC §6 phone-call gate): the route, and the fake telephony service the demo and tests use.
import type { Domain } from "../context.js";
import { callRoutes } from "./call.routes.js";
export { startFakeTelephony, type FakeTelephony, type FakeTelephonyMode } from "./fake-telephony.js";

/** The calls domain in the application: its routes; domains.ts lists it. */
export const callsDomain: Domain = {
  name: "calls",
  routes: callRoutes,
};
