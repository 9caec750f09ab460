import { Marker, Popup, type Map as MapLibreMap } from "maplibre-gl";
import type { Patrol, PatrolStatus } from "@atalaya/shared";
import "./patrol-markers.css";

/** Colour of each SPEC §4 patrol status on the map (with the status word beside it in every list). */
export const PATROL_STATUS_COLORS: Record<PatrolStatus, string> = {
  online: "#237804",
  busy: "#ad4e00",
  away: "#7c6f00",
  offline: "#595959",
};

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

/** A translation function, as react-i18next's `t`. */
type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** A patrol marker's accessible name: the initials it shows first (WCAG 2.5.3, label in name: someone
 * who says "SA" reaches it), then who it is and its status ("SA — Sur Alameda, en línea"). */
export function patrolMarkerLabel(t: Translate, p: Patrol): string {
  return t("patrols.markerLabel", { initials: initials(p.name), name: p.name, status: t(`patrols.statuses.${p.status}`) });
}

/** What a patrol's popup says and offers (built by the screen: texts and links are its own). */
export type PatrolPopup = (patrol: Patrol) => HTMLElement;

/** A patrol's popup: name, status and last position, the report it works on with a button to open it. */
export function patrolPopupElement(p: Patrol, text: { status: string; seen: string; work: string; open: string }, onOpen: (uuid: string) => void): HTMLElement {
  const el = document.createElement("div");
  el.className = "patrol-popup";
  const name = document.createElement("strong");
  name.textContent = p.name;
  const meta = document.createElement("p");
  meta.textContent = `${text.status} · ${text.seen}`;
  const work = document.createElement("p");
  work.textContent = text.work;
  el.append(name, meta, work);
  if (p.report) {
    const open = document.createElement("button");
    open.type = "button";
    open.className = "maps-popup__open";
    open.textContent = text.open;
    const uuid = p.report.uuid;
    open.addEventListener("click", () => onOpen(uuid));
    el.append(open);
  }
  return el;
}

/** The patrols with a position as round badges (initials, ringed in the status colour), one marker per
 * patrol moved in place as positions arrive; a click opens the screen's popup. */
export function patrolMarkers(map: MapLibreMap, t: Translate, popup: PatrolPopup): { update(list: readonly Patrol[]): void; remove(): void } {
  const markers = new Map<number, { marker: Marker; el: HTMLElement; patrol: Patrol }>();
  return {
    update(list) {
      const seen = new Set<number>();
      for (const p of list) {
        if (!p.position) continue;
        seen.add(p.id);
        let entry = markers.get(p.id);
        if (!entry) {
          const el = document.createElement("button");
          el.type = "button";
          el.className = "patrol-marker";
          const marker = new Marker({ element: el }).setLngLat([p.position.longitude, p.position.latitude]).addTo(map);
          entry = { marker, el, patrol: p };
          const current = entry;
          el.addEventListener("click", (e) => {
            e.stopPropagation();
            new Popup({ offset: 20, maxWidth: "260px" }).setLngLat(current.marker.getLngLat()).setDOMContent(popup(current.patrol)).addTo(map);
          });
          markers.set(p.id, entry);
        }
        entry.patrol = p;
        entry.marker.setLngLat([p.position.longitude, p.position.latitude]);
        entry.el.textContent = initials(p.name);
        entry.el.style.borderColor = PATROL_STATUS_COLORS[p.status];
        entry.el.dataset.status = p.status;
        const label = patrolMarkerLabel(t, p);
        entry.el.setAttribute("aria-label", label);
        entry.el.title = label;
      }
      for (const [id, entry] of markers) {
        if (!seen.has(id)) {
          entry.marker.remove();
          markers.delete(id);
        }
      }
    },
    remove() {
      for (const entry of markers.values()) entry.marker.remove();
      markers.clear();
    },
  };
}

/** The texts of a patrol's popup in the interface language. */
export function patrolTexts(
  t: Translate,
  p: Patrol,
  time: (iso: string) => string,
  reportLabel: (r: { type: number; title: string | null; id: number }) => string,
): { status: string; seen: string; work: string; open: string } {
  return {
    status: t(`patrols.statuses.${p.status}`),
    seen: p.position ? t("patrols.lastSeen", { time: time(p.position.recorded_at) }) : t("patrols.noPosition"),
    work: p.report ? t("patrols.working", { report: reportLabel(p.report) }) : t("patrols.free"),
    open: t("patrols.openReport"),
  };
}
