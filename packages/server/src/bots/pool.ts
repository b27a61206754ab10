/**
 * A small pool of bot worker threads, so that a thinking bot (up to a second for "hard")
 * never blocks the server's event loop. Workers start on first use; tasks wait in order.
 */
import { Worker } from 'node:worker_threads';
import type { GameView, Move } from '@gangsta/engine';
import type { BotLevel } from '@gangsta/protocol';
import { threadEntry } from '../threads.ts';
import type { BotReply, BotTask } from './messages.ts';

interface Job {
  task: BotTask;
  resolve: (move: Move) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

const ENTRY = threadEntry('bots');

export class BotPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly size: number) {}

  decide(level: BotLevel, seed: number, view: GameView, legal: Move[]): Promise<Move> {
    if (this.closed) return Promise.reject(new Error('the bot pool is closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ task: { id: this.nextId++, level, seed, view, legal }, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new Error('the bot pool is closed'));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
    this.slots.length = 0;
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const slot = this.freeSlot();
      if (!slot) return;
      const job = this.waiting.shift()!;
      slot.job = job;
      slot.worker.postMessage(job.task);
    }
  }

  private freeSlot(): Slot | undefined {
    const free = this.slots.find((slot) => slot.job === null);
    if (free || this.slots.length >= this.size) return free;
    return this.spawn();
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(ENTRY), job: null };
    slot.worker.on('message', (reply: BotReply) => this.finish(slot, reply));
    slot.worker.on('error', (error) => this.crash(slot, error));
    slot.worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot, reply: BotReply): void {
    const job = slot.job;
    slot.job = null;
    if (job) {
      if (reply.ok) job.resolve(reply.move);
      else job.reject(new Error(reply.error));
    }
    this.dispatch();
  }

  /** A worker that died takes its job with it; a fresh one replaces it on the next task. */
  private crash(slot: Slot, error: Error): void {
    slot.job?.reject(error);
    this.slots.splice(this.slots.indexOf(slot), 1);
    this.dispatch();
  }
}
