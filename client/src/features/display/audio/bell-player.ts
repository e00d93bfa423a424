/**
 * Bells through Web Audio: sounds fetched and decoded ahead of time, strikes scheduled on the
 * audio clock 500 ms apart (so they stay evenly spaced even when the main thread is busy).
 * Browsers start an AudioContext suspended until the page gets a user gesture: `locked` says
 * so, `unlock()` (called from a click) resumes it.
 */
import { whenIdle } from '../../../lib/loading/idle';

/** Gap between the strikes of one bell. */
export const STRIKE_GAP_MS = 500;

/** Built-in sounds shipped in client/public/sounds (CC0, made by the project). */
export const BUILTIN_SOUNDS: Record<string, string> = {
  bell: '/sounds/bell.wav',
  ding: '/sounds/ding.wav',
  gong: '/sounds/gong.wav',
};

type AudioContextCtor = typeof AudioContext;

function audioContextCtor(): AudioContextCtor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/**
 * Runs `task` once the current frame has been painted: creating an audio context can block the
 * page for hundreds of milliseconds (it opens the audio device), so it must not sit between the
 * first state and the first clock on screen.
 */
function afterPaint(task: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    window.setTimeout(task, 0);
    return;
  }
  requestAnimationFrame(() => window.setTimeout(task, 0));
}

/** Plays bell sounds. One per display screen. */
export class BellPlayer {
  private context: AudioContext | null = null;
  private gain: GainNode | null = null;
  private readonly buffers = new Map<string, Promise<AudioBuffer | null>>();
  private readonly listeners = new Set<() => void>();
  private sounds: Record<string, string> = BUILTIN_SOUNDS;
  private volume = 1;
  /** Bumped by `close`, so a `prepare` waiting for the next paint knows it was cancelled. */
  private generation = 0;

  /** Whether Web Audio exists at all. */
  static get supported(): boolean {
    return audioContextCtor() !== null;
  }

  /** Custom sounds (name → URL) from the timer's audio settings, and the volume 0–1. */
  configure(custom: Record<string, string>, volume: number): void {
    const next = { ...BUILTIN_SOUNDS, ...custom };
    for (const [name, url] of Object.entries(next)) if (this.sounds[name] !== url) this.buffers.delete(name);
    this.sounds = next;
    this.volume = volume;
    if (this.gain) this.gain.gain.value = volume;
  }

  /**
   * Creates the audio context (suspended until a gesture, in most browsers) once the clock has
   * been painted, and preloads the sounds once the page is idle: on a slow link the first clock
   * never waits behind them (the built-in bells are about 240 KB). A bell due sooner creates the
   * context and loads its sound on demand.
   */
  prepare(): void {
    if (!BellPlayer.supported) return;
    const generation = this.generation;
    afterPaint(() => {
      if (this.generation !== generation) return; // closed meanwhile
      const context = this.ensureContext();
      if (!context) return;
      whenIdle(
        () => {
          if (this.context !== context) return; // closed meanwhile
          for (const name of Object.keys(this.sounds)) void this.load(name);
        },
        { fallbackMs: 1_000 },
      );
      // The context may start suspended without any statechange: tell subscribers it is locked.
      this.emit();
    });
  }

  /** True while the browser will not play sound without a tap. */
  get locked(): boolean {
    return this.context !== null && this.context.state !== 'running';
  }

  /** Resumes audio from a user gesture. */
  async unlock(): Promise<void> {
    const context = this.ensureContext();
    if (!context) return;
    try {
      await context.resume();
    } catch {
      /* still locked: the overlay stays */
    }
    this.emit();
  }

  /** Listens to lock-state changes. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Strikes `sound` `count` times, 500 ms apart. Returns false when audio is locked or missing
   * (nothing was played).
   */
  async ring(count: number, sound: string): Promise<boolean> {
    const context = this.ensureContext();
    if (!context || context.state !== 'running' || !this.gain) return false;
    const buffer = (await this.load(sound)) ?? (await this.load('bell'));
    if (!buffer) return false;
    const start = context.currentTime + 0.01;
    for (let i = 0; i < count; i++) {
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(this.gain);
      source.start(start + (i * STRIKE_GAP_MS) / 1000);
    }
    return true;
  }

  /** Releases the audio context (and cancels a `prepare` still waiting for the paint). */
  close(): void {
    this.generation += 1;
    void this.context?.close().catch(() => undefined);
    this.context = null;
    this.gain = null;
    this.buffers.clear();
  }

  private ensureContext(): AudioContext | null {
    if (this.context) return this.context;
    const Ctor = audioContextCtor();
    if (!Ctor) return null;
    this.context = new Ctor();
    this.gain = this.context.createGain();
    this.gain.gain.value = this.volume;
    this.gain.connect(this.context.destination);
    this.context.addEventListener('statechange', () => this.emit());
    return this.context;
  }

  private load(name: string): Promise<AudioBuffer | null> {
    const existing = this.buffers.get(name);
    if (existing) return existing;
    const url = this.sounds[name];
    const context = this.ensureContext();
    if (!url || !context) return Promise.resolve(null);
    const loading = fetch(url)
      .then((response) =>
        response.ok ? response.arrayBuffer() : Promise.reject(new Error(String(response.status))),
      )
      .then((data) => context.decodeAudioData(data))
      .catch(() => {
        this.buffers.delete(name);
        return null;
      });
    this.buffers.set(name, loading);
    return loading;
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
