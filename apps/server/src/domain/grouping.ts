// Grouping rows read in one query by the record they belong to (the products of reports, the
// assistants of plans): one list per key, in the rows' order.

/** The values of `items` by their key, each list in the items' order; keys in the order first seen. */
export function groupBy<T, K, V = T>(
  items: Iterable<T>,
  keyOf: (item: T) => K,
  toValue: (item: T) => V = (item) => item as unknown as V,
): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(toValue(item));
    else groups.set(key, [toValue(item)]);
  }
  return groups;
}
