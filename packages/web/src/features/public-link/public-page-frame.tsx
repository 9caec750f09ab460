import type { ReactNode } from "react";
import { BrandLogo } from "../../components/brand-logo";
import "./shared-report.css";

/** The frame of a page a visitor opens without a session (a shared report, an asset's page, a safe tag's
 * finder page): the brand over one card named `label`, and what follows the card (`after`). */
export function PublicPageFrame({ label, children, after }: { label: string; children: ReactNode; after?: ReactNode }): ReactNode {
  return (
    <main className="shared-report">
      <div className="shared-report__brand">
        <BrandLogo size={32} />
      </div>
      <section className="shared-report__card" aria-label={label}>
        {children}
      </section>
      {after}
    </main>
  );
}
