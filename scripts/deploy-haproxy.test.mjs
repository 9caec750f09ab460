import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { haproxyBinary } from "./cluster.mjs";
import { DEPLOY_HAPROXY_CFG, deployHaproxyConfig } from "./deploy-haproxy.mjs";

// compose.yaml's balancer configuration is the one `npm run cluster` writes, for Docker's network.
describe("deploy/haproxy.cfg", () => {
  it("is what scripts/deploy-haproxy.mjs writes from cluster.mjs's haproxyConfig (run it after changing that)", () => {
    expect(readFileSync(DEPLOY_HAPROXY_CFG, "utf8")).toBe(deployHaproxyConfig());
  });

  it("looks its servers up in Docker's DNS and starts while they do not resolve yet", () => {
    expect(deployHaproxyConfig()).toMatch(/^resolvers docker\n(\s+#.*\n)*\s+parse-resolv-conf$/m);
    expect(deployHaproxyConfig()).toMatch(/default-server .* resolvers docker init-addr libc,none$/m);
  });

  // .ci/run installs HAProxy, as `npm run cluster` needs it.
  it.skipIf(!haproxyBinary())("is accepted by HAProxy's own check", () => {
    const checked = spawnSync(haproxyBinary(), ["-c", "-q", "-f", DEPLOY_HAPROXY_CFG], { encoding: "utf8" });
    expect(checked.status, `${checked.stdout}${checked.stderr}`).toBe(0);
  });
});
