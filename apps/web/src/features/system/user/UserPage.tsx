/** Placeholder until the screen lands. */
export function UserPage() {
  return null;
}
