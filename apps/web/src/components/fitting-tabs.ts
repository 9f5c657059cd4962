/**
 * How many tabs fit in `available` pixels, given each tab's width, the gap between them and the width
 * of the More button that the rest then needs: all of them, or as many as fit beside More.
 */
export function countFittingTabs(options: {
  tabWidths: readonly number[];
  gap: number;
  moreWidth: number;
  available: number;
}): number {
  const { tabWidths, gap, moreWidth, available } = options;
  const rowWidth = (count: number) =>
    tabWidths.slice(0, count).reduce((sum, width) => sum + width, 0) + gap * Math.max(0, count - 1);
  if (rowWidth(tabWidths.length) <= available) return tabWidths.length;
  let count = tabWidths.length - 1;
  while (count > 0 && rowWidth(count) + gap + moreWidth > available) count -= 1;
  return count;
}
