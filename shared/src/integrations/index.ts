/** What the integrations (HTTP API, push, webhooks, OSC, Companion) say about a timer. */
export * from './reading';
export * from './webhook-events';
export * from './overlay';
