import type { FastifyInstance } from "fastify";
import { solveChallenge } from "altcha-lib";

/** Fetches a challenge from the app and solves it as the widget does; answers the ALTCHA payload. */
export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: "GET", url: "/api/v2/captcha/challenge" });
  const c = res.json() as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error("captcha not solved");
  return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature })).toString("base64");
}
