import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DEFAULT_USER_SETTINGS, routes } from "@atalaya/shared";
import type { Config } from "../config.js";
import type { Db } from "../db/db.js";
import { at } from "../http/route.js";
import { actorOf } from "./authenticate.js";
import { revokeToken } from "./auth.repository.js";
import { loginClientOf, setDeviceCookie } from "./device-cookie.js";
import { login } from "./login.service.js";

/** The parts of the app context the login routes use. auth/ sits below realtime/ (whose hub filters events
 * by auth's restrictions), so the hub is named by the one method logout calls. */
export interface AuthRoutesContext {
  config: Config;
  db: Db;
  hub: { endSessions(accessTokens: readonly string[]): Promise<void> };
}

/** POST /api/login, and POST (or SPEC §7's GET) /api/logout. */
export async function authRoutes(app: FastifyInstance, ctx: AuthRoutesContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.postLogin),
    handler: async (req, reply) => {
      const { user, token, deviceSecret } = await login(ctx.db, ctx.config.passwordCost, req.body, loginClientOf(req));
      setDeviceCookie(req, reply, deviceSecret);
      const portalVersion = (user.settings.portal_version as string | undefined) ?? DEFAULT_USER_SETTINGS.portal_version;
      return {
        success: true,
        error: null,
        user: {
          id: user.id,
          uuid: user.uuid,
          groups: user.groups,
          access_token: token,
          first_name: user.first_name,
          last_name: user.last_name,
          rating: user.rating,
          settings: { portal_version: portalVersion },
        },
      };
    },
  });

  // SPEC §7's GET stays for its clients, marked as changing state in the API document; the portal uses
  // the POST twin, so crawlers and fuzzers that walk GETs do not sign anyone out (issue 33).
  const logout = async (req: FastifyRequest) => {
    const actor = actorOf(req);
    await revokeToken(ctx.db, actor.token);
    // Its sockets close on every process within moments (over the bus), not at their next heartbeat.
    await ctx.hub.endSessions([actor.token]);
    return { success: true as const };
  };
  r.route({ ...at(routes.postLogout), handler: logout });
  r.route({ ...at(routes.getLogout), handler: logout });
}
