/** What the load benchmark's coordinator and its client processes say to each other (IPC). */

export type ToWorker =
  | {
      /** Brings this process's games up to `games` (existing ones play on), then answers `ready`. */
      type: 'grow';
      /** The server processes; a game's seats are spread over them (one process: alone). */
      servers: { url: string; wsUrl: string }[];
      /** Games this process plays at once. */
      games: number;
      /** Pacing like people (0.7–1.3 s after a decision arrives) or none (saturation). */
      paced: boolean;
      /** Index of this process, to keep move ids and local addresses apart. */
      worker: number;
      workers: number;
      seed: number;
    }
  /** Opens the measurement window. */
  | { type: 'measure' }
  /** Closes the window and answers `result`; the games play on. */
  | { type: 'report' }
  /** Closes every game and answers `closed`. */
  | { type: 'close' }
  | { type: 'exit' };

export interface WorkerResult {
  /** Acknowledgement latencies (ms) of moves sent during the measurement window. */
  latencies: number[];
  acks: number;
  stale: number;
  patchFailures: number;
  /** Other refusals and errors by code. */
  refusals: Record<string, number>;
  /** Moves still unanswered when the window closed, sent more than 5 s before. */
  unanswered: number;
  gamesFinished: number;
  framesReceived: number;
  bytesReceived: number;
  updateBytesPerMove: number[];
  movesHeard: number;
  /** CPU time this process used during the window (ms). */
  cpuMs: number;
  /** This process's event-loop delay during the window (ms): high means the clients lag. */
  loopDelayP99: number;
  windowMs: number;
}

export type FromWorker =
  | { type: 'ready'; setupMs: number; failures: string[] }
  | { type: 'result'; result: WorkerResult }
  | { type: 'closed' };
