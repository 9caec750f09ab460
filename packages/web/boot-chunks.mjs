// The files an operator's way in opens (vite.config.ts's code-splitting groups). Left to itself, Rolldown
// makes a chunk for each combination of routes sharing a module: the events panel opened with 129 files,
// 95 of them under 3 KB gzip. Each file costs the browser a request, a module record and an evaluation
// step whatever its size; the same code in fewer files cost Chromium a quarter less CPU a load
// (bench/README.md). So:
// - `boot`: what the login page runs, one file (with React's, vite.config.ts).
// - `visitor`: what the pages without a session add (password reset, sign-up, a shared report…), split
//   by the set of routes that use each module, as Rolldown would: a citizen opening a link on a phone
//   downloads no more than before, nor the operators' code.
// - `panel`: everything else the signed-in frame and the events panel open with, one file. Every session
//   passes through it, so a later screen that shares a module with it finds that file loaded.
// The other routes' own code stays split as Rolldown splits it, each loaded when its route opens.

/** The stages in order, each with the modules (paths under packages/web) whose imports it holds. */
export const BOOT_STAGES = [
  { name: "boot", roots: ["src/main.tsx"] },
  {
    name: "visitor",
    // The maps' library stays out: the pages drawing a zone (sign-up, a law-enforcement request) load it
    // with their own code.
    roots: [
      "src/features/signup/landing-page.tsx",
      "src/features/signup/preregister-page.tsx",
      "src/features/password-reset/forgot-password-page.tsx",
      "src/features/password-reset/reset-password-page.tsx",
      "src/features/public-link/public-report-page.tsx",
      "src/features/public-link/shared-report-page.tsx",
      "src/features/law-enforcement/access-page.tsx",
      "src/features/safetags/finder-page.tsx",
      "src/features/assets/public-asset-page.tsx",
      "src/features/forms/public-fill-page.tsx",
    ],
    split: true,
  },
  { name: "panel", roots: ["src/app/signed-in-frame.tsx", "src/features/reports/panel/events-panel.tsx", "src/features/reports/panel/prefetch-panel.ts"] },
];

/** Rolldown's code-splitting groups for the stages: each captures its roots and what they import (that
 * the build keeps and an earlier stage has not taken), at priorities below `above`, falling in the
 * stages' order (a group with a higher priority takes its modules first).
 * @param {number} above */
export function bootChunkGroups(above) {
  return BOOT_STAGES.map((stage, index) => ({
    name: stage.name,
    test: (/** @type {string} */ id) => stage.roots.some((root) => id.replaceAll("\\", "/").endsWith(`/packages/web/${root}`)),
    priority: above - 1 - index,
    // One chunk per set of routes using a module, instead of one for the whole stage.
    entriesAware: stage.split === true,
  }));
}
