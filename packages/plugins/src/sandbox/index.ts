export * from './answer-size.js';
export * from './frame-bootstrap.js';
export * from './protocol.js';
export * from './sandbox-page.js';
export * from './worker-bootstrap.js';
