/** Placeholder until the screen lands. */
export function RolePage() {
  return null;
}
