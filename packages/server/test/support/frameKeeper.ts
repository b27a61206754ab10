/**
 * What a test client does with live updates: it keeps each table's last frame and applies an
 * update's patch to it (checking the digest when there is one), then sets the result as the
 * update's `frame`, so that tests read every update's whole frame as before patches existed.
 */
import { nextFrame, type ServerMessage, type UpdateFrame, withoutCards } from '@gangsta/protocol';

export class FrameKeeper {
  private readonly frames = new Map<string, { version: number; frame: UpdateFrame }>();
  /** Live updates whose patch was applied (tests check that patches were really used). */
  patched = 0;

  /**
   * Takes in a frame received. Returns a problem when an update's patch does not apply to the
   * frame held or does not give back the frame of its digest: a real client would resync, a
   * test fails. A patch that does not follow the frame held (a gap) leaves `frame` unset.
   */
  take(message: ServerMessage): string | null {
    if (message.type === 'sync') {
      if (message.frame)
        this.frames.set(message.table, {
          version: message.version,
          frame: withoutCards(message.frame),
        });
      else this.frames.delete(message.table);
      return null;
    }
    if (message.type !== 'update') return null;
    const held = this.frames.get(message.table);
    if (message.patch) {
      if (!held || held.version !== message.from) return null;
      const next = nextFrame(held.frame, message);
      if (!next.ok) return `update ${message.from}→${message.version}: ${next.problem}`;
      message.frame = next.frame;
      this.patched++;
    }
    if (message.frame && (!held || message.version >= held.version)) {
      this.frames.set(message.table, { version: message.version, frame: message.frame });
    }
    return null;
  }
}
