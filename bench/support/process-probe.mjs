// Preloaded into the hub process by the bench (`node --expose-gc --import <this> hub/dist/main.js`).
// It only answers the bench's IPC requests for memory and CPU samples (after a full GC when
// asked) and exits when the bench goes away; it changes nothing in the hub itself.
import { performance } from 'node:perf_hooks';

/** Memory and CPU figures of this process; `gc` first runs two full collections. */
export function sample(gc) {
  if (gc && typeof globalThis.gc === 'function') {
    globalThis.gc();
    globalThis.gc();
  }
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  return {
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    externalBytes: memory.external,
    arrayBuffersBytes: memory.arrayBuffers,
    cpuUs: cpu.user + cpu.system,
    eventLoop: performance.eventLoopUtilization(),
  };
}

if (process.send) {
  process.on('message', (message) => {
    const body = message?.body ?? {};
    const reply =
      body.type === 'sample'
        ? { requestId: message.requestId, ok: true, result: sample(body.gc === true) }
        : { requestId: message.requestId, ok: false, error: `unknown request ${String(body.type)}` };
    process.send?.(reply);
  });
  process.on('disconnect', () => process.exit(0));
  process.channel?.unref();
}
