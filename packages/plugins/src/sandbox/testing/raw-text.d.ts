/** Vite's `?raw` imports (the tests read the documented example plugin as text). */
declare module '*?raw' {
  const text: string;
  export default text;
}
