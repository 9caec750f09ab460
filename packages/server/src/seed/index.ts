// The demo seed as the server and the CLI see it.
export { DEMO_NEIGHBOURS, DEMO_PASSWORD, DEMO_STAFF, DEMO_ZONES, STREETS, describe } from "./demo-data.js";
export { seedDemo } from "./demo.seed.js";
