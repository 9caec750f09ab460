// `npm run build -w @atalaya/web`: the Vite build and, side by side with it, the login page's server-side
// render (prerender.mjs), which needs no build output; the prerendered dist/login.html is written once
// both are done. One after the other they took about 9 s of a first start; side by side, about 5.
import { build } from "vite";
import { renderLoginShell, writeLoginPage } from "./prerender.mjs";

const [, shell] = await Promise.all([build({ configFile: new URL("./vite.config.ts", import.meta.url).pathname }), renderLoginShell()]);
writeLoginPage(shell);
