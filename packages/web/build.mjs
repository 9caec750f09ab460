// `npm run build -w @atalaya/web`: the Vite build and, side by side with it, the login page's server-side
// render (prerender.mjs), which needs no build output; the prerendered dist/login.html is written once
// both are done. One after the other they took about 9 s of a first start; side by side, about 5.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { renderLoginShell, writeLoginPage } from "./prerender.mjs";

// From any working directory (npm start runs it from the repository's root).
const root = dirname(fileURLToPath(import.meta.url));
const [, shell] = await Promise.all([build({ root, configFile: join(root, "vite.config.ts") }), renderLoginShell()]);
writeLoginPage(shell);
