import type { ToolId } from '../model/store/editor-store';

/** Line icons for the drawing tools, 20 px, in the current text colour. */
const PATHS: Record<ToolId, string> = {
  select: 'M5 3 L5 16 L8.5 12.5 L11 18 L13 17 L10.5 11.5 L15 11.5 Z',
  pan: 'M10 2 L10 18 M2 10 L18 10 M10 2 L7.5 4.5 M10 2 L12.5 4.5 M10 18 L7.5 15.5 M10 18 L12.5 15.5 M2 10 L4.5 7.5 M2 10 L4.5 12.5 M18 10 L15.5 7.5 M18 10 L15.5 12.5',
  line: 'M3 16 L8 6 L12 12 L17 4',
  rect: 'M3.5 5.5 H16.5 V14.5 H3.5 Z',
  ellipse:
    'M10 4.5 C14.5 4.5 17.5 7 17.5 10 C17.5 13 14.5 15.5 10 15.5 C5.5 15.5 2.5 13 2.5 10 C2.5 7 5.5 4.5 10 4.5 Z',
  polygon: 'M10 2.5 L16.5 6.25 L16.5 13.75 L10 17.5 L3.5 13.75 L3.5 6.25 Z',
  star: 'M10 2.5 L12.2 7.6 L17.6 7.9 L13.5 11.4 L14.8 16.8 L10 13.9 L5.2 16.8 L6.5 11.4 L2.4 7.9 L7.8 7.6 Z',
  node: 'M3 15 C6 5 14 5 17 15 M2 13.5 H5 V16.5 H2 Z M15 13.5 H18 V16.5 H15 Z M8.5 4.5 H11.5 V7.5 H8.5 Z',
  text: 'M4 5 V3.5 H16 V5 M10 3.5 V16.5 M7.5 16.5 H12.5',
  // an outline broken by a small bridge
  tab: 'M3 6 H8 M12 6 H17 V15 H3 V6 M8 4.5 V7.5 M12 4.5 V7.5',
  pen: 'M4 16 C6 9 9 5 16 4 M16 4 L14 2.5 M4 16 L3 17.5 M8.5 8.5 A1.3 1.3 0 1 0 8.51 8.5',
};

export function ToolIcon({ tool }: { tool: ToolId }) {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden focusable="false">
      <path
        d={PATHS[tool]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
