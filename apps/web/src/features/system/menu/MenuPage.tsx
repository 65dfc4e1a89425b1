/** Placeholder until the screen lands. */
export function MenuPage() {
  return null;
}
