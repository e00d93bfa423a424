/**
 * One attack in a thread of its own: the attacker's work (thousands of requests a second, JSON
 * of 40-call frames, reconnects) must not run on the event loop that times the console's
 * commands, or the console's latency would count the attacker's client instead of the hub.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ATTACKS, type AttackCounts, type AttackTarget } from './hostile-attacks';

const { name, target, until } = workerData as { name: string; target: AttackTarget; until: number };
const attack = ATTACKS.find((entry) => entry.name === name);
if (!attack) throw new Error(`unknown attack ${name}`);
const counts: AttackCounts = { sent: 0, refused: 0, served: 0, failed: 0, reasons: {} };
await attack.run(target, until, counts);
parentPort!.postMessage(counts);
