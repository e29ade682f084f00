import type { ConsolePage } from '@jinb/contract';
import { useSyncExternalStore } from 'react';

/**
 * Work waiting for operators, by the console page that works it (`withdrawals`, `supportChat`...): a feature that
 * knows a queue's size (from its list call or its topic) reports it, the menu shows it as a badge, the tab title
 * carries the total, and a count that rises beeps (unless muted on this machine).
 */
export type QueueCount = { count: number; oldestAt?: string };
export type QueueCounts = Partial<Record<ConsolePage, QueueCount>>;

let counts: QueueCounts = {};
const listeners = new Set<() => void>();
const MUTE_KEY = 'console.mute';
let muted = readMuted();

function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === '1';
  } catch {
    return false;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reports the size of a page's queue now; a rise over the last report sounds the new-work beep. */
export function reportQueue(key: ConsolePage, count: number, oldestAt?: string): void {
  const before = counts[key];
  if (before?.count === count && before.oldestAt === oldestAt) return;
  counts = { ...counts, [key]: { count, oldestAt } };
  if (before !== undefined && count > before.count) newWork();
  updateTitle();
  emit();
}

/** Forgets every count (on sign-out). */
export function clearQueues(): void {
  counts = {};
  updateTitle();
  emit();
}

/**
 * One page's count, for its menu badge: a report re-renders the badges whose count changed, not the layout around
 * them (the whole menu re-rendered on every report, three times on a first load).
 */
export function useQueueCount(page: ConsolePage): number {
  const read = () => counts[page]?.count ?? 0;
  return useSyncExternalStore(subscribe, read, read);
}

export function queueTotal(all: QueueCounts = counts): number {
  return Object.values(all).reduce((sum, queue) => sum + (queue?.count ?? 0), 0);
}

let baseTitle = '';
let lastTitle = '';

/** "(3) 金币运营后台" while work waits; a title the page set since (not ours) becomes the new base. */
function updateTitle(): void {
  if (typeof document === 'undefined') return;
  if (document.title !== lastTitle) baseTitle = document.title.replace(/^\(\d+\) /, '');
  const total = queueTotal();
  lastTitle = total > 0 ? `(${total}) ${baseTitle}` : baseTitle;
  document.title = lastTitle;
}

export function isMuted(): boolean {
  return muted;
}

export function setMuted(next: boolean): void {
  muted = next;
  try {
    localStorage.setItem(MUTE_KEY, next ? '1' : '0');
  } catch {}
  emit();
}

/** Whether the new-work sound is muted on this machine, and the switch. */
export function useMuted(): [boolean, (next: boolean) => void] {
  return [useSyncExternalStore(subscribe, isMuted, isMuted), setMuted];
}

let audio: AudioContext | null = null;
/** How many times the beep sounded (tests read it; the sound itself cannot be heard there). */
export let beeps = 0;

/** A short two-tone beep made with Web Audio (no file to load). */
function newWork(): void {
  if (muted) return;
  beeps += 1;
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.18, 1320],
    ] as const) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, now + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, now + offset + 0.15);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(now + offset);
      oscillator.stop(now + offset + 0.16);
    }
  } catch {
    // No audio (a test environment, a browser that refuses before any input): the badge still shows.
  }
}
