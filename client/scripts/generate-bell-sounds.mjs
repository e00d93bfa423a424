#!/usr/bin/env node
/**
 * Synthesizes the default bell sounds of the display (client/public/sounds/*.wav): sums of sine
 * partials with exponential decays, 22.05 kHz mono 16-bit PCM. Deterministic: running it again
 * writes the same bytes. The sounds are made by the project and dedicated to the public domain
 * (CC0, see client/public/sounds/LICENSE.md).
 *
 *   node client/scripts/generate-bell-sounds.mjs
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SAMPLE_RATE = 22_050;
const OUT_DIR = fileURLToPath(new URL('../public/sounds/', import.meta.url));

/**
 * @typedef {{ ratio: number, amp: number, decayS: number }} Partial
 * @typedef {{ name: string, baseHz: number, durationS: number, attackS: number, partials: Partial[], peak: number }} Sound
 */

/** @type {Sound[]} */
const SOUNDS = [
  {
    // A desk/hand bell: bright, inharmonic partials, about a second of ring.
    name: 'bell',
    baseHz: 880,
    durationS: 1.6,
    attackS: 0.002,
    partials: [
      { ratio: 1, amp: 1, decayS: 0.9 },
      { ratio: 2.0, amp: 0.35, decayS: 0.6 },
      { ratio: 2.76, amp: 0.45, decayS: 0.45 },
      { ratio: 5.4, amp: 0.18, decayS: 0.22 },
      { ratio: 8.93, amp: 0.08, decayS: 0.12 },
    ],
    peak: 0.85,
  },
  {
    // A short high ding (per-turn caps, soft reminders).
    name: 'ding',
    baseHz: 1760,
    durationS: 0.8,
    attackS: 0.002,
    partials: [
      { ratio: 1, amp: 1, decayS: 0.35 },
      { ratio: 2.76, amp: 0.2, decayS: 0.15 },
    ],
    peak: 0.8,
  },
  {
    // A low gong: slow attack, long decay, beating partials.
    name: 'gong',
    baseHz: 110,
    durationS: 3,
    attackS: 0.015,
    partials: [
      { ratio: 1, amp: 1, decayS: 1.6 },
      { ratio: 1.48, amp: 0.6, decayS: 1.2 },
      { ratio: 2.1, amp: 0.45, decayS: 0.9 },
      { ratio: 2.93, amp: 0.35, decayS: 0.7 },
      { ratio: 3.71, amp: 0.22, decayS: 0.5 },
      { ratio: 1.01, amp: 0.3, decayS: 1.8 },
    ],
    peak: 0.85,
  },
];

/** @param {Sound} sound */
function synthesize(sound) {
  const length = Math.round(sound.durationS * SAMPLE_RATE);
  const samples = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const t = i / SAMPLE_RATE;
    const attack = Math.min(1, t / sound.attackS);
    // Fade the last 50 ms to silence so no click ends the file.
    const tail = Math.min(1, (sound.durationS - t) / 0.05);
    let value = 0;
    for (const p of sound.partials)
      value += p.amp * Math.exp(-t / p.decayS) * Math.sin(2 * Math.PI * sound.baseHz * p.ratio * t);
    samples[i] = value * attack * tail;
  }
  let max = 0;
  for (const v of samples) max = Math.max(max, Math.abs(v));
  const scale = max > 0 ? sound.peak / max : 0;
  const pcm = Buffer.alloc(length * 2);
  for (let i = 0; i < length; i++) pcm.writeInt16LE(Math.round(samples[i] * scale * 32767), i * 2);
  return pcm;
}

/** @param {Buffer} pcm */
function wav(pcm) {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

for (const sound of SOUNDS) {
  const file = `${OUT_DIR}${sound.name}.wav`;
  const bytes = wav(synthesize(sound));
  writeFileSync(file, bytes);
  console.log(`${sound.name}.wav  ${(bytes.length / 1024).toFixed(1)} KB`);
}
