// deploy/haproxy.cfg, compose.yaml's balancer: the configuration `npm run cluster` gives HAProxy
// (scripts/cluster.mjs's haproxyConfig, the one text of both topologies) for compose.yaml's three
// server processes on Docker's network, their names looked up in Docker's DNS. Written once and
// committed (compose mounts it); after a change to haproxyConfig run `node scripts/deploy-haproxy.mjs`:
// deploy-haproxy.test.mjs fails until the file is written again.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT } from "./builds.mjs";
import { haproxyConfig } from "./cluster.mjs";

/** The committed file compose.yaml mounts into the balancer's container. */
export const DEPLOY_HAPROXY_CFG = join(ROOT, "deploy/haproxy.cfg");
/** compose.yaml's server processes (its services of the same names) and the port each listens on (PORT's
 * default). */
export const DEPLOY_MEMBERS = ["app-1", "app-2", "app-3"];
export const DEPLOY_MEMBER_PORT = 8080;

/** The text deploy/haproxy.cfg must hold: the portal on the container's port 8080, HAProxy's statistics on
 * 8404 (compose publishes it on the host's loopback only), the access log on the container's output. */
export function deployHaproxyConfig() {
  return haproxyConfig({
    origin: "node scripts/deploy-haproxy.mjs from scripts/cluster.mjs's haproxyConfig (change that, then run this again)",
    bind: "*:8080",
    members: DEPLOY_MEMBERS.map((name) => ({ name, address: `${name}:${DEPLOY_MEMBER_PORT}` })),
    statsBind: "*:8404",
    accessLog: true,
    resolvers: true,
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(DEPLOY_HAPROXY_CFG, deployHaproxyConfig());
  console.log(`wrote ${DEPLOY_HAPROXY_CFG}`);
}
