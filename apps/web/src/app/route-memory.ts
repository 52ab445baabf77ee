/**
 * Spec §2: the route params are remembered on every navigation. The last location of every route is
 * kept for this tab, so a breadcrumb or menu link back to a list returns to it as it was left
 * (its page and filters live in the query).
 */
export interface RememberedRoute {
  params: Readonly<Record<string, string | undefined>>;
  /** Path, query and hash, ready to navigate to. */
  href: string;
}

const remembered = new Map<string, RememberedRoute>();

export function rememberRoute(
  name: string,
  params: Readonly<Record<string, string | undefined>>,
  href: string,
): void {
  remembered.set(name, { params: { ...params }, href });
}

export function rememberedRoute(name: string): RememberedRoute | undefined {
  return remembered.get(name);
}

export function forgetRoutes(): void {
  remembered.clear();
}
