/** Placeholder until the screen lands. */
export function ConfigPage() {
  return null;
}
