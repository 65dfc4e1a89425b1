/**
 * Shape ids unique beyond one session: a random part per page load and a counter, so shapes drawn in
 * two tabs and pasted into one drawing do not collide.
 */
const session = Math.random().toString(36).slice(2, 8);
let counter = 0;

export function newId(prefix = 'k'): string {
  counter += 1;
  return `${prefix}${session}${counter.toString(36)}`;
}
