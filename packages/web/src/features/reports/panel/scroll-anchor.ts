/**
 * The scrollTop that keeps the operator's view still after the list changed: the row at the top of
 * the viewport (or, if it left, the nearest surviving row below it, else above it) stays at the same
 * pixel offset, so rows inserted or removed above it do not move what the operator is reading.
 * At the very top (scrollTop 0) nothing is anchored: new reports then appear in view.
 */
export function anchoredScrollTop(
  previousIds: readonly number[],
  nextIds: readonly number[],
  scrollTop: number,
  rowHeight: number,
): number {
  if (scrollTop <= 0 || previousIds.length === 0 || nextIds.length === 0) return Math.max(0, scrollTop);
  const anchorIndex = Math.min(Math.floor(scrollTop / rowHeight), previousIds.length - 1);
  const within = scrollTop - anchorIndex * rowHeight;
  // Only a few rows are looked up (usually one): a linear search beats building an index of thousands.
  const at = (index: number): number | undefined => {
    const id = previousIds[index];
    if (id === undefined) return undefined;
    const found = nextIds.indexOf(id);
    return found < 0 ? undefined : found;
  };

  const same = at(anchorIndex);
  if (same !== undefined) return same * rowHeight + within;
  // Neighbours within a screenful or two; beyond that the list changed too much to anchor on anything.
  const reach = 50;
  for (let index = anchorIndex + 1; index < Math.min(previousIds.length, anchorIndex + reach); index += 1) {
    const found = at(index);
    if (found !== undefined) return found * rowHeight;
  }
  for (let index = anchorIndex - 1; index >= Math.max(0, anchorIndex - reach); index -= 1) {
    const found = at(index);
    if (found !== undefined) return (found + 1) * rowHeight;
  }
  return scrollTop;
}
