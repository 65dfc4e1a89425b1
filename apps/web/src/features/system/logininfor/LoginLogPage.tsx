/** Placeholder until the screen lands. */
export function LoginLogPage() {
  return null;
}
