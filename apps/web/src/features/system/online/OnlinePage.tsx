/** Placeholder until the screen lands. */
export function OnlinePage() {
  return null;
}
