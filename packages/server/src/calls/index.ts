// Click-to-call (issue 17, SPEC §6 phone-call gate): the route, and the fake telephony service the demo and tests use.
export { callRoutes } from "./call.routes.js";
export { startFakeTelephony, type FakeTelephony, type FakeTelephonyMode } from "./fake-telephony.js";
