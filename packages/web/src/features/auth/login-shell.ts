// The prerendered login page (dist/login.html, see prerender.mjs) paints the form before the scripts
// arrive. When the live page replaces it, nothing the operator did on it may be lost: what was typed,
// which field had the cursor, and a press of "Iniciar sesión".

/** What the prerendered form held when the live login page replaced it. */
export interface LoginShellState {
  email: string;
  password: string;
  focused: "email" | "password" | null;
  submitted: boolean;
}

const SHELL = "#root[data-prerendered='login']";

/** The prerendered form's state, read during the live page's first render while it is still on screen
 * (React may render twice: both read the same); null when there is no prerendered form any more. */
export function takeLoginShell(doc: Document | undefined = typeof document === "undefined" ? undefined : document): LoginShellState | null {
  const root = doc?.querySelector(SHELL);
  if (!doc || !root) return null;
  const value = (id: string) => (root.querySelector(`#${id}`) as HTMLInputElement | null)?.value ?? "";
  const active = doc.activeElement?.id;
  return {
    email: value("login_email"),
    password: value("login_password"),
    focused: active === "login_email" ? "email" : active === "login_password" ? "password" : null,
    // The boot script of login.html (prerender.mjs) marks a submit made before this page was up.
    submitted: root.querySelector("form")?.dataset.submitted === "true",
  };
}

/** Called once the live login page is on screen: the page is no longer the prerendered one (tests and
 * the load benchmark wait for this to call the form usable). True only the first time, so what the
 * shell held is carried over once (never again after a later logout). */
export function loginShellReplaced(doc: Document = document): boolean {
  const root = doc.querySelector(SHELL);
  root?.removeAttribute("data-prerendered");
  return root !== null;
}
