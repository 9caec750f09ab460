/** The reports ticked in the panel, and the last one ticked (the anchor of a shift-click range). */
export interface Selection {
  ids: ReadonlySet<number>;
  anchor: number | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

/** Ticks or unticks one report; it becomes the anchor. */
export function toggleOne(selection: Selection, id: number): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/** Shift-click: every report of the list between the anchor and this one takes this one's new state
 * (ticked when it was not); without an anchor in the list, like a single toggle. */
export function toggleRange(selection: Selection, order: readonly number[], id: number): Selection {
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(id);
  if (from < 0 || to < 0) return toggleOne(selection, id);
  const tick = !selection.ids.has(id);
  const ids = new Set(selection.ids);
  for (const rid of order.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (tick) ids.add(rid);
    else ids.delete(rid);
  }
  return { ids, anchor: id };
}

/** Every report of the tab (the first `max`: what one bulk action takes), or none when those are all
 * ticked already. */
export function toggleAll(selection: Selection, order: readonly number[], max = Infinity): Selection {
  const first = order.slice(0, max);
  const all = first.length > 0 && first.every((id) => selection.ids.has(id));
  return { ids: all ? new Set() : new Set(first), anchor: null };
}

/** Only the ticked reports still in the list (one that left the tab, live, leaves the selection). */
export function keepListed(selection: Selection, order: readonly number[]): Selection {
  const listed = new Set(order);
  if ([...selection.ids].every((id) => listed.has(id))) return selection;
  return { ids: new Set([...selection.ids].filter((id) => listed.has(id))), anchor: selection.anchor !== null && listed.has(selection.anchor) ? selection.anchor : null };
}
